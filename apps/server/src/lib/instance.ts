import { randomUUID } from 'node:crypto';

/** This API process among several behind a load balancer: its health answer and the system view name it. */
export const INSTANCE = randomUUID().slice(0, 8);
