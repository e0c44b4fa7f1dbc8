import { assignableUserTypes } from '@store-cloud/contracts';
import { ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { userAdminLabelsSet } from '../../i18n/sets/users';
import { useTexts } from '../../i18n/useTexts';

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
  const labels = useTexts(userAdminLabelsSet);
  return (
    <ToggleButtonGroup
      type="radio"
      name="usertype"
      value={value}
      onChange={onChange}
      aria-label={labels.userType}
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
