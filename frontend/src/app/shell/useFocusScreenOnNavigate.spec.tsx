import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useFocusScreenOnNavigate } from './useFocusScreenOnNavigate';

const SCREENS = ['/status', '/search', '/plain'];

function Frame() {
  const main = useRef<HTMLElement>(null);
  useFocusScreenOnNavigate(main);
  return (
    <>
      <nav>
        {SCREENS.map((to) => (
          <Link key={to} to={to}>
            {to}
          </Link>
        ))}
      </nav>
      <main ref={main}>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/status" element={<h1>Status</h1>} />
          <Route path="/search" element={<input aria-label="Search" autoFocus />} />
          <Route path="/plain" element={<p>No heading</p>} />
        </Routes>
      </main>
    </>
  );
}

const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(resolve)));

/** Chooses a menu entry, which then holds the focus, as a click or Enter leaves it. */
async function go(to: string) {
  await userEvent.click(screen.getByRole('link', { name: to }));
  await nextFrame();
}

describe('useFocusScreenOnNavigate', () => {
  it("moves focus to the new screen's heading, and leaves the first screen alone", async () => {
    render(
      <MemoryRouter>
        <Frame />
      </MemoryRouter>,
    );
    await nextFrame();
    expect(document.body).toHaveFocus();

    await go('/status');
    expect(screen.getByRole('heading', { name: 'Status' })).toHaveFocus();
  });

  it('keeps a field the screen focused itself, and focuses a screen without a heading', async () => {
    render(
      <MemoryRouter>
        <Frame />
      </MemoryRouter>,
    );
    await go('/search');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();

    await go('/plain');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
