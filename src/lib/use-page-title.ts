// Sets the document title of a screen while it is shown.
import { useEffect } from 'react';
import { pageTitle } from './brand.ts';

export function usePageTitle(screen: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
