import { useContext, useSyncExternalStore } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import {
  HighlightedListingContext,
  SearchMapLayout,
} from '#src/features/search/components/search-map-layout.tsx';

/** Stands in for the Leaflet map (which needs a layout engine): shows the slug it is asked to highlight. */
function FakeMap() {
  const highlighted = useContext(HighlightedListingContext)!;
  const slug = useSyncExternalStore(highlighted.subscribe, highlighted.get);
  return <p data-testid="highlighted">{slug ?? 'none'}</p>;
}

function Card({ slug, title }: { slug: string; title: string }) {
  return (
    <article aria-label={title}>
      <div data-testid="photo">Photo</div>
      <a href={`/property/${slug}`}>{title}</a>
      <button type="button">Save {title}</button>
    </article>
  );
}

function renderLayout() {
  render(
    <>
      <button type="button">Before the list</button>
      <SearchMapLayout
        list={
          <>
            <p>Showing 2 of 40 on the map.</p>
            <Card slug="3-bed-house-cowper-road-sw19-1a2b3c" title="3 bedroom house" />
            <Card slug="2-bed-flat-old-lane-m11-9f8e7d" title="2 bedroom flat" />
          </>
        }
        map={<FakeMap />}
      />
    </>,
  );
  return screen.getByTestId('highlighted');
}

test('hovering a result card beside the map highlights its listing; leaving the list clears it', async () => {
  const user = userEvent.setup();
  const highlighted = renderLayout();
  expect(highlighted).toHaveTextContent('none');
  await user.hover(screen.getAllByTestId('photo')[0]!);
  expect(highlighted).toHaveTextContent('3-bed-house-cowper-road-sw19-1a2b3c');
  await user.hover(screen.getByRole('button', { name: 'Save 2 bedroom flat' }));
  expect(highlighted).toHaveTextContent('2-bed-flat-old-lane-m11-9f8e7d');
  await user.hover(screen.getByText('Showing 2 of 40 on the map.'));
  expect(highlighted).toHaveTextContent('none');
  await user.unhover(screen.getByTestId('map-view-list'));
  expect(highlighted).toHaveTextContent('none');
});

test('focusing into a card highlights it too, and the focused card stays highlighted when the pointer leaves', async () => {
  const user = userEvent.setup();
  const highlighted = renderLayout();
  act(() => screen.getByRole('link', { name: '3 bedroom house' }).focus());
  expect(highlighted).toHaveTextContent('3-bed-house-cowper-road-sw19-1a2b3c');
  // Tab moves on to the card's own button, then into the next card.
  await user.tab();
  expect(highlighted).toHaveTextContent('3-bed-house-cowper-road-sw19-1a2b3c');
  await user.tab();
  expect(screen.getByRole('link', { name: '2 bedroom flat' })).toHaveFocus();
  expect(highlighted).toHaveTextContent('2-bed-flat-old-lane-m11-9f8e7d');

  await user.hover(screen.getByRole('link', { name: '3 bedroom house' }));
  expect(highlighted).toHaveTextContent('3-bed-house-cowper-road-sw19-1a2b3c');
  await user.unhover(screen.getByTestId('map-view-list'));
  expect(highlighted).toHaveTextContent('2-bed-flat-old-lane-m11-9f8e7d');

  // Focus leaving the list clears the highlight.
  act(() => screen.getByRole('button', { name: 'Before the list' }).focus());
  expect(highlighted).toHaveTextContent('none');
});
