/** The domain model: one MikroORM entity per table of the migrations (except the migrator's own and the job queue's). */
import {
  Account,
  AccountToken,
  ApiKey,
  IdempotencyRecord,
  JobOutboxEntry,
  OAuthRecord,
  OutboxMail,
  RateLimitWindow,
  ServiceSecret,
  WebSession,
} from './account.js';
import { Claim } from './claim.js';
import { DigestIssue, MailSubscription, NotificationPreference } from './subscription.js';
import { Order, OrderLine, PaymentEvent } from './order.js';
import { Draft, DraftInvite, DraftOwner, DraftPage, ListingOwner } from './draft.js';
import { Award, AwardWeek } from './award.js';
import { BadgeCheck, InterviewAnswer, JobRun, JobSchedule, ListingVersion } from './owner-listing.js';
import { BillboardContribution } from './billboard-contribution.js';
import { BlogPost } from './blog-post.js';
import { Category } from './category.js';
import { DomainRating } from './domain-rating.js';
import { Follow } from './follow.js';
import { Founder } from './founder.js';
import { InterviewQuestion } from './interview-question.js';
import { Image, ListingImage } from './image.js';
import {
  Alternative,
  Listing,
  ListingCategory,
  ListingFaq,
  ListingFounder,
  ListingMedia,
  ListingUpdate,
  Milestone,
  Story,
} from './listing.js';
import { BadgeImpression, BadgeViewer, ListingClicker, ListingView, ListingVisitor } from './listing-view.js';
import { LaunchReport, ListingDailyRank } from './launch-stats.js';
import { ListingSearch } from './listing-search.js';
import { ListingProfileParts } from './listing-profile.js';
import { Product } from './product.js';
import { Comment, CommentMailState, Review } from './review.js';
import { SearchTerm } from './search-term.js';
import { SiteSetting } from './site-setting.js';
import { VatRate } from './vat-rate.js';
import { VerifiedRevenue } from './verified-revenue.js';
import { Vote, VoteFlag } from './vote.js';
import { Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent } from './webhook.js';
import { AuditEntry, CategoryRedirect, Report } from './staff.js';

export * from './json-types.js';
export * from './site-setting.js';
export * from './category.js';
export * from './listing.js';
export * from './founder.js';
export * from './search-term.js';
export * from './vote.js';
export * from './listing-view.js';
export * from './listing-search.js';
export * from './follow.js';
export * from './review.js';
export * from './domain-rating.js';
export * from './verified-revenue.js';
export * from './billboard-contribution.js';
export * from './award.js';
export * from './blog-post.js';
export * from './interview-question.js';
export * from './product.js';
export * from './vat-rate.js';
export * from './account.js';
export * from './draft.js';
export * from './owner-listing.js';
export * from './claim.js';
export * from './order.js';
export * from './webhook.js';
export * from './staff.js';
export * from './image.js';

export const entities = [
  SiteSetting,
  Category,
  Listing,
  SearchTerm,
  ListingSearch,
  ListingProfileParts,
  ListingCategory,
  Founder,
  ListingFounder,
  ListingFaq,
  ListingUpdate,
  Milestone,
  Story,
  ListingMedia,
  Alternative,
  Vote,
  VoteFlag,
  ListingView,
  ListingVisitor,
  ListingClicker,
  BadgeViewer,
  BadgeImpression,
  ListingDailyRank,
  LaunchReport,
  Follow,
  Review,
  Comment,
  CommentMailState,
  DomainRating,
  VerifiedRevenue,
  BillboardContribution,
  Award,
  BlogPost,
  InterviewQuestion,
  Product,
  VatRate,
  Account,
  WebSession,
  AccountToken,
  ApiKey,
  OAuthRecord,
  ServiceSecret,
  OutboxMail,
  MailSubscription,
  DigestIssue,
  NotificationPreference,
  RateLimitWindow,
  IdempotencyRecord,
  JobOutboxEntry,
  ListingOwner,
  Draft,
  DraftPage,
  DraftInvite,
  DraftOwner,
  ListingVersion,
  BadgeCheck,
  InterviewAnswer,
  JobSchedule,
  JobRun,
  AwardWeek,
  Claim,
  Order,
  OrderLine,
  PaymentEvent,
  Webhook,
  WebhookEvent,
  WebhookDelivery,
  WebhookAttempt,
  AuditEntry,
  Report,
  CategoryRedirect,
  Image,
  ListingImage,
];
