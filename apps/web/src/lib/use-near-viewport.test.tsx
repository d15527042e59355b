import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { useNearViewport } from '#src/lib/use-near-viewport.ts';

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>('100px');
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test('without IntersectionObserver the content counts as near at once', () => {
  vi.stubGlobal('IntersectionObserver', undefined);
  render(<Probe />);
  expect(screen.getByText('near')).toBeInTheDocument();
});

test('becomes near when the observer reports the element, with the margin asked for, and stays so', () => {
  let report: IntersectionObserverCallback = () => {};
  const observe = vi.fn();
  const disconnect = vi.fn();
  const options: (IntersectionObserverInit | undefined)[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        report = callback;
        options.push(init);
      }
      observe = observe;
      disconnect = disconnect;
    },
  );
  render(<Probe />);
  expect(screen.getByText('far')).toBeInTheDocument();
  expect(observe).toHaveBeenCalledTimes(1);
  expect(options[0]).toEqual({ rootMargin: '100px' });

  act(() => report([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
  expect(screen.getByText('far')).toBeInTheDocument();
  act(() => report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
  expect(screen.getByText('near')).toBeInTheDocument();
  expect(disconnect).toHaveBeenCalled();
});
