import type { MessageMode, PolesignBrand, PortalCompany } from '@store-cloud/contracts';
import { PolesignSelector, WorkstationSelector } from './Selectors';
import { CompanyTable } from './SiteTables';
import { TargetPicker } from './TargetPicker';
import type { useTargets } from './useTargets';

/** The Message screen's selection tabs (spec §2): everything but Create Message. */
export type SelectionMode = Exclude<MessageMode, 'createMessage'>;

interface Props {
  selection: SelectionMode;
  companies: readonly PortalCompany[];
  targets: ReturnType<typeof useTargets>;
  workstations: string[];
  onWorkstations: (workstations: string[]) => void;
  brand: PolesignBrand | null;
  onBrand: (brand: PolesignBrand) => void;
}

/** One selection tab's panel: how that tab picks the target sites. */
export function SelectionPanel({
  selection,
  companies,
  targets: { targets, setTargets, isTarget, toggleTarget, toggleCompany, setMany },
  workstations,
  onWorkstations,
  brand,
  onBrand,
}: Props) {
  switch (selection) {
    case 'byWorkstation':
      return (
        <WorkstationSelector
          companies={companies}
          target={targets[0] ?? null}
          workstations={workstations}
          onTarget={(site) => {
            setTargets([site]);
            onWorkstations([]);
          }}
          onWorkstations={onWorkstations}
        />
      );
    case 'bySite':
      return (
        <TargetPicker
          companies={companies}
          isTarget={isTarget}
          onToggle={toggleTarget}
          onSetMany={setMany}
        />
      );
    case 'byCompany':
      return (
        <CompanyTable
          companies={companies}
          isSelected={(c) => c.stores.length > 0 && c.stores.every(isTarget)}
          onChoose={toggleCompany}
          checkboxes
        />
      );
    case 'byPolesign':
      return (
        <PolesignSelector
          companies={companies}
          chosen={brand}
          onChoose={(b, sites) => {
            onBrand(b);
            setTargets(sites);
          }}
        />
      );
  }
}
