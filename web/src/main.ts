// Entry point: read settings and identity storage, build the page, connect.

import '../css/app.css';
import { App } from './app';
import { loadSettings } from './settings';
import { browserStore } from './storage';

const root = document.getElementById('root');
if (root) {
  const store = browserStore();
  const app = new App({ root, store, settings: loadSettings(store) });
  app.start();
}
