// The first module of the app's chunk to run (app-root.tsx imports it first): its mark on the
// page's timeline says when the app's code had arrived and compiled, before any of it ran
// (bench:ui reads boot, app-loaded and app-evaluated apart).
performance.mark('market-desk:app-loaded');
