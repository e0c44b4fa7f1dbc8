import { Badge } from 'react-bootstrap';

/** Beside the name of a rule or webhook that is switched off. */
export const DisabledBadge = ({ text }: { text: string }) => (
  <Badge bg="secondary" className="ms-1">
    {text}
  </Badge>
);
