// The home page as the build prerenders it into index.html (scripts/prerender-home.ts): the public
// layout and the home screen at `/`, rendered on the server with every read pending, which is
// exactly the app's own first render of `/` before its reads answer (src/lib/first-paint.ts).
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { HomePage } from './routes/public/home.tsx';

export function renderHome(): string {
  return renderToString(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route path="/" element={<HomePage />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}
