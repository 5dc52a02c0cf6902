// Component-test setup: jest-dom matchers, what jsdom lacks (scrollTo, pointer capture), a clean DOM.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first screen of a file loads its lazy route chunk: give it more than 1 s on a busy machine.
configure({ asyncUtilTimeout: 4000 });

window.scrollTo = () => {};
// jsdom lacks pointer capture, which Radix primitives call on pointer events.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
});
