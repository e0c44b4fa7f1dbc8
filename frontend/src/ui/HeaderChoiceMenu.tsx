import type { ReactNode } from 'react';
import { Dropdown } from 'react-bootstrap';

interface Props<T extends string> {
  id: string;
  /** The toggle's accessible name: what it is and what is chosen. */
  label: string;
  title: string;
  /** What the toggle shows (an icon, a code). */
  toggle: ReactNode;
  choices: readonly T[];
  chosen: T;
  onChoose: (choice: T) => void;
  /** An item's content. */
  item: (choice: T) => ReactNode;
  /** An item's language, where its text is in one of its own. */
  lang?: (choice: T) => string;
}

/** A header menu choosing one of a few settings (theme, language), the current one marked. */
export function HeaderChoiceMenu<T extends string>({
  id,
  label,
  title,
  toggle,
  choices,
  chosen,
  onChoose,
  item,
  lang,
}: Props<T>) {
  return (
    <Dropdown align="end" className="me-2">
      <Dropdown.Toggle
        variant="link"
        id={id}
        className="nav-link px-2"
        aria-label={label}
        title={title}
      >
        {toggle}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {choices.map((choice) => (
          <Dropdown.Item
            key={choice}
            as="button"
            type="button"
            lang={lang?.(choice)}
            active={choice === chosen}
            aria-current={choice === chosen ? 'true' : undefined}
            onClick={() => onChoose(choice)}
          >
            {item(choice)}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
