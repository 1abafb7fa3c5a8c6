// Every staff operation's key starts with 'admin' (its path is /api/v1/admin/…), so a change made
// in the panel refreshes all its figures at once: a valuable changes the lists and the net worths
// together.
import { apiKey } from '@/lib/api-query';

export const adminPanelKey = apiKey({ path: '/api/v1/admin' });
