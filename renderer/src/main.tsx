import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import './styles.css';
import { draftsStore } from './stores/app-stores.ts';

// The first page is asked for before React mounts: the request overlaps the first render.
void draftsStore.getState().reload();

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(<StrictMode><App /></StrictMode>);
