import demoFleetJson from './demo-fleet.json';
import { type Fleet, fleetSchema } from './fleet.schema';

/** The demo fleet that `npm start` simulates and the backend seeds as master data. */
export const DEMO_FLEET: Fleet = fleetSchema.parse(demoFleetJson);
