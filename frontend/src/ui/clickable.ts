import type { KeyboardEvent } from 'react';

/**
 * Props that make a table row (or list item) choosable by click or by Enter, keeping its role.
 * `selected` marks the chosen row (aria-selected and highlight) where a screen shows a choice;
 * `space` also lets the space bar choose.
 */
export const clickable = (
  onChoose: () => void,
  { selected, space = false }: { selected?: boolean; space?: boolean } = {},
) => ({
  tabIndex: 0,
  style: { cursor: 'pointer' },
  ...(selected === undefined
    ? {}
    : { 'aria-selected': selected, className: selected ? 'table-primary' : undefined }),
  onClick: onChoose,
  onKeyDown: (e: KeyboardEvent) => {
    if (e.key === 'Enter' || (space && e.key === ' ')) onChoose();
  },
});
