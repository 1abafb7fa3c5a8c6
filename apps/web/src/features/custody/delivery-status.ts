// How a delivery's or a tracking record's status looks (SPEC §4), the same for the customer's
// delivery entry and timeline and for staff's Delivery Management and Tracking: pending amber,
// processing blue, shipped violet, on its way teal, delivered green, cancelled red. Every
// delivery status is also a tracking status, so one map serves both.
import type { TrackingStatus } from '@secure-vault/shared/custody';
import type { StatusTones } from '@/components/ui/status-badge';

export const deliveryStatusTones: StatusTones<TrackingStatus> = {
  pending: 'amber',
  processing: 'blue',
  shipped: 'violet',
  in_transit: 'teal',
  out_for_delivery: 'teal',
  delivered: 'green',
  cancelled: 'red',
};
