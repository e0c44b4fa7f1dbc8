import { assignableUserTypes, USER_ADMIN_LABELS } from '@store-cloud/contracts';
import { ToggleButton, ToggleButtonGroup } from 'react-bootstrap';

/** The user-type switch (spec §2 Edit user, §4): exactly one type active, none above one's own. */
export function UserTypeButtons({
  callerType,
  value,
  onChange,
}: {
  callerType: string;
  value: string;
  onChange: (usertype: string) => void;
}) {
  return (
    <ToggleButtonGroup
      type="radio"
      name="usertype"
      value={value}
      onChange={onChange}
      aria-label={USER_ADMIN_LABELS.userType}
      className="flex-wrap usertype-buttons"
    >
      {assignableUserTypes(callerType).map((t) => (
        <ToggleButton
          key={t.name}
          id={`usertype-${t.name}`}
          value={t.name}
          variant="outline-primary"
          size="sm"
          // The radio before it takes the focus (arrows move it); the label is no tab stop.
          tabIndex={-1}
        >
          {t.name}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
