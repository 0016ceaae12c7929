import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/dom';
import { cleanup, configure as configureComponentTesting } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// findBy…/waitFor give up after 1 s by default: on a CI machine whose two cores run the API suite
// alongside, a first render of a data table can take longer, and a test would fail for nothing.
// Both copies: the component tests' Testing Library (Preact's flavour) brings its own @testing-library/dom.
configure({ asyncUtilTimeout: 5000 });
configureComponentTesting({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine relies on. Like a browser, the empty query matches (the data
// table asks it for every column without a breakpoint); the others do not.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: query.trim() === '',
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
// jsdom has no font loading: Mantine's autosized textarea listens to `document.fonts` when it draws again.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;

// The `web` project shares one window between the files of a worker: each file starts at the page a
// fresh window would show, whatever the file before it navigated to.
window.history.replaceState(null, '', '/');
document.title = '';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Preact runs effects after a paint, through a 35 ms timer that calls cancelAnimationFrame: a file
// whose last test ends within it would see the timer fire after jsdom's globals are gone.
afterAll(() => new Promise((settled) => setTimeout(settled, 50)));
