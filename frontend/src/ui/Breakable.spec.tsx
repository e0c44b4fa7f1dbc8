import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Breakable } from './Breakable';

describe('Breakable', () => {
  it('offers line breaks after @, dots and slashes only, keeping the text whole', () => {
    const { container } = render(<Breakable text="first.last@storecloud.example" />);
    expect(container.textContent).toBe('first.last@storecloud.example');
    expect(container.innerHTML).toBe(
      '<span class="text-wrap-joints">first.<wbr>last@<wbr>storecloud.<wbr>example</span>',
    );
  });

  it('splits a URL at its path joints', () => {
    const { container } = render(<Breakable text="https://backup.example/api" />);
    expect(container.querySelectorAll('wbr')).toHaveLength(4);
  });
});
