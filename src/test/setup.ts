// Component-test setup: jest-dom matchers, what jsdom lacks (scrollTo, pointer capture), a clean DOM.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens are lazy-loaded: the first render of a route waits for its chunk to be transformed.
configure({ asyncUtilTimeout: 5000 });

window.scrollTo = () => {};
// jsdom lacks pointer capture, which Radix primitives call on pointer events.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
});
