// Component-test setup: jest-dom matchers, a quiet window.scrollTo (jsdom lacks it), a clean DOM.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

window.scrollTo = () => {};

afterEach(() => {
  cleanup();
});
