// Component-test setup: jest-dom matchers, what jsdom lacks (scrollTo, pointer capture), a clean DOM.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

window.scrollTo = () => {};
// jsdom lacks pointer capture, which Radix primitives call on pointer events.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
});
