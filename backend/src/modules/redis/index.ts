export { BullmqConnections } from './bullmq-connections';
export { followChannel } from './channel-follower';
export {
  acquireOwnedLock,
  breakLockOfGoneHolder,
  holderIsGone,
  LOCK_HOLDER,
  type OwnedLock,
} from './owned-lock';
export { socketIoKey } from './redis-io.adapter';
export { RedisModule } from './redis.module';
export { RedisService } from './redis.service';
