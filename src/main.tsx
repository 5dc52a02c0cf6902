// The browser entry: mounts the router. The query client's provider is not here: it loads with
// the screen groups that use it (router.tsx's `screen`), so `/` loads without TanStack Query.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import { takeOverFirstPaint } from './lib/first-paint.ts';
import './index.css';

// Any path but `/` has nothing prerendered to wait for (src/lib/first-paint.ts).
if (location.pathname !== '/') takeOverFirstPaint();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
