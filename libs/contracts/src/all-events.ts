import { ContestEntryScored, ContestEntrySubmitted, ContestResultsPublished } from './contests/events.js';
import { BoardCommentAdded, BoardMemberAdded, BoardVoteCast, MaterialPublished, MaterialUnpublished } from './catalogue/events.js';
import { ContributorProtocolAnswered, CustomerProfileChanged, CustomerProjectChanged, RealNameVerified, StaffActionAudited, UserRegistered, UserUpdatedByStaff } from './identity/events.js';
import { MusicOrderPlaced } from './music/events.js';
import { CartChanged, InvoiceIssued, LicenceIssued, OrderClosed, OrderConfirmed, OrderPaid, OrderQuoted, OrderSubmitted, PurchaseDecided, PurchaseMusicApproved, PurchaseRequested } from './orders/events.js';
import { EarningsCredited, StatementGenerated, StatementRemitted } from './payouts/events.js';
import { ContributionApproved, DeliveryPrepared, DeliveryRequested, MediaFailed, MediaProcessed, UploadCompleted } from './uploads/events.js';

/** All event definitions, so transports can create their queues and topics up front. */
export const ALL_EVENTS = [
  StaffActionAudited,
  UserRegistered, ContributorProtocolAnswered, UserUpdatedByStaff, MaterialPublished, MaterialUnpublished,
  MusicOrderPlaced,
  UploadCompleted, MediaProcessed, MediaFailed, ContributionApproved,
  CartChanged, OrderSubmitted, OrderQuoted, OrderPaid, OrderConfirmed, OrderClosed, InvoiceIssued, LicenceIssued, CustomerProfileChanged,
  CustomerProjectChanged, RealNameVerified, DeliveryRequested, DeliveryPrepared,
  StatementGenerated, StatementRemitted, EarningsCredited,
  ContestEntrySubmitted, ContestEntryScored, ContestResultsPublished,
  BoardCommentAdded, BoardMemberAdded, BoardVoteCast, PurchaseRequested, PurchaseDecided, PurchaseMusicApproved] as const;
