import type { ReactNode } from 'react';
import { clickable } from './clickable';
import { type Column, SearchableTable } from './SearchableTable';
import { companyLabelsSet } from '../i18n/sets/common';
import type { TextsOf } from '../i18n/text-set';
import { useTexts } from '../i18n/useTexts';

interface Company {
  companyId: number;
  companyName: string;
}

const columns = (labels: TextsOf<typeof companyLabelsSet>): Column<Company>[] => [
  { header: labels.companyId, cell: (c) => c.companyId },
  { header: labels.companyName, cell: (c) => c.companyName, className: 'text-break' },
];

/**
 * The company picker (spec §2): a searchable table of Company ID and Company Name; a click, Enter
 * or the space bar on a row picks its company.
 */
export function CompanyPicker<C extends Company>({
  companies,
  onPick,
  searchLabel,
  maxHeight,
  tableLabel,
  rowTestId,
  empty,
}: {
  companies: readonly C[];
  onPick: (company: C) => void;
  searchLabel: string;
  maxHeight: number;
  tableLabel?: string;
  rowTestId?: string;
  empty?: ReactNode;
}) {
  const companyLabels = useTexts(companyLabelsSet);
  return (
    <SearchableTable
      rows={companies}
      searchLabel={searchLabel}
      searchFields={(c) => [c.companyId, c.companyName]}
      tableLabel={tableLabel}
      tableClassName="align-middle"
      columns={columns(companyLabels)}
      rowKey={(c) => c.companyId}
      rowProps={(c) => ({
        'data-testid': rowTestId,
        ...clickable(() => onPick(c), { space: true }),
      })}
      maxHeight={maxHeight}
      empty={empty}
    />
  );
}
