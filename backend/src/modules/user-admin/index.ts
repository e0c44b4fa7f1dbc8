export { UserAdminModule } from './user-admin.module';
export { UsersService } from './users.service';
