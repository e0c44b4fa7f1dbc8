// Moved to common/clock; kept until modules/sqlbackup (another branch in flight) imports it from there.
export { Clock } from '../../common/clock/clock';
