import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element behind the returned ref is on screen or within `rootMargin` of it; once true it stays true.
 * For parts far down a page (a map, calculators, sold prices): their code and data load as the visitor scrolls
 * towards them, not while a phone is still busy with the first screen (REQ-PERF). Where IntersectionObserver is
 * missing (tests, old browsers) it is true at once, so nothing is ever left unloaded.
 */
export function useNearViewport<T extends Element>(rootMargin = '600px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);

  return [ref, near];
}
