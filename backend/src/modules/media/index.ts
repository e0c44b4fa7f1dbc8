export { MediaServerClient } from './media-server.client';
export { MediaModule } from './media.module';
