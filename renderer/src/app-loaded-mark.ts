// The first module of the app's part of the script to run (app-root.tsx imports it first): its mark
// on the page's timeline says when the app's code began to run, after the boot script's (bench:ui
// reads boot, app-loaded and app-evaluated apart).
performance.mark('market-desk:app-loaded');
