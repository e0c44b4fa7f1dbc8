import { Button } from 'react-bootstrap';

export function IconButton(props: {
  icon: string;
  label: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="link"
      size="sm"
      className={props.danger ? 'text-danger' : undefined}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <i className={`bi bi-${props.icon}`} aria-hidden="true" />
    </Button>
  );
}
