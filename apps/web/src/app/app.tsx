import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { dismissErrorToasts } from '@/lib/toast';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/**
 * Errors belong to the page they happened on: another page takes them down. Before the routes,
 * so this runs before the new page's own effects, which may have news of their own.
 */
function DismissStaleToasts() {
  const { pathname } = useLocation();
  useEffect(() => dismissErrorToasts(), [pathname]);
  return null;
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <DismissStaleToasts />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
