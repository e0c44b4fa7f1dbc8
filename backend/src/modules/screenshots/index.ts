export { ScreenshotsModule } from './screenshots.module';
