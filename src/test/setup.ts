// Component-test setup: jest-dom matchers, what jsdom lacks (scrollTo, pointer capture), a clean DOM.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

// jsdom has no layout, so a chart draws nothing here (ResponsiveContainer measures 0 × 0); the
// figures are tested through the table beside it. recharts is CommonJS and requires
// @reduxjs/toolkit, whose "module-sync" export is an .mjs file that Node's require(esm) takes and
// the VM pool's require cannot compile: a dashboard test then failed now and then, depending on
// which worker loaded the chart first. Components stand in for it, drawing nothing.
vi.mock('recharts', () => {
  const nothing = () => null;
  return {
    Bar: nothing, BarChart: nothing, CartesianGrid: nothing, Legend: nothing,
    ResponsiveContainer: nothing, Tooltip: nothing, XAxis: nothing, YAxis: nothing,
  };
});
