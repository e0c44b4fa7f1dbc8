import { backupsSets } from '../sets/backups';
import { namespaceOf } from '../text-set';

/** English: the contracts' texts themselves (see text-set.ts); nothing here is typed twice. */
export default namespaceOf(backupsSets);
