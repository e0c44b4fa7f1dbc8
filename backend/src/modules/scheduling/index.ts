export { startClusterInterval } from './cluster-interval';
