import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Replaces the address with its canonical spelling (/metal-calculator/AU → /au). useNavigate
 * rather than <Navigate>: the router's shared chunk is on every page's first load, and
 * <Navigate> would add to it for this one redirect.
 */
export function CanonicalRedirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
