import { DATE_FORMAT_STATUS } from '@store-cloud/contracts';
import { format } from 'date-fns';

export const when = (iso: string) => format(new Date(iso), DATE_FORMAT_STATUS);
