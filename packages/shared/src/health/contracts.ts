// Health checks for the process manager and the load balancer: alive, and ready (the database
// answers). Outside /api/v1: they are not part of the product's versioned API.
import { z } from 'zod';
import { defineContract } from '../contract.ts';

const tag = 'health';
const statusSchema = z.object({ status: z.literal('ok') });

export const getHealth = defineContract({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  tag,
  summary: 'The process is up',
  status: 200,
  response: statusSchema,
  errors: [],
});

export const getReadiness = defineContract({
  method: 'GET',
  path: '/api/ready',
  access: 'public',
  tag,
  summary: 'The process is up and its database answers (503 UNAVAILABLE when not)',
  status: 200,
  response: statusSchema,
  errors: [],
});
