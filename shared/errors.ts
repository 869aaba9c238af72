/**
 * The errors of the API: each code with its HTTP status, in one table,
 * and a named factory per refusal, so a throw site names what went wrong and never picks
 * a status. The server sends `code` in the error body; the client shows the translation of
 * `errors.<code>` and falls back to `error`. Imports nothing, so both sides can use it.
 */

/** Every code the API answers with, and the status that goes with it. */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  bad_origin: 403,
  internal_error: 500,
  /** the database does not answer (restarting, unreachable, no connection free in time) */
  database_unavailable: 503,
  /** every PDF thread busy and the renders waiting for one at their bound */
  pdf_busy: 503,
  /** a PDF's render did not finish within its time limit */
  pdf_timed_out: 503,
  /** the process is draining for a restart (GET /api/health/ready): another one answers */
  shutting_down: 503,
  invalid_login_code: 400,
  /** a live login code, but sign-in started in another browser (login CSRF) */
  login_code_other_browser: 403,
  /** a request over plain http to a site whose public URL is https */
  https_required: 403,
  role_locked: 409,
  profile_required: 403,
  project_not_open: 409,
  deadline_passed: 409,
  /** an award (or the opening record) asked for before the tender's opening */
  tender_not_opened: 409,
  /** an objection outside the award's standstill period */
  standstill_closed: 409,
  /** a second objection by the same bidder to the same award */
  objection_exists: 409,
  /** a question on a tender after its questions_until, or on one that takes none */
  questions_closed: 409,
  /** an answer to a question that is answered already */
  question_answered: 409,
  /** a tender document whose bytes are none of the formats taken (PDF, XLSX, DWG, PNG, JPEG) */
  document_unsupported: 415,
  /** attaching an upload that is not the caller's finished tender-document upload for this project */
  document_upload_missing: 422,
  /** an addendum of a document version that another addendum already replaced */
  document_superseded: 409,
  /** a bid on a two-envelope tender without a technical envelope (a text or at least one document) */
  technical_envelope_required: 400,
  /** a technical envelope on a one-envelope tender */
  technical_envelope_not_taken: 400,
  /** a bid bond on a tender that asks for none */
  bid_bond_not_taken: 400,
  /** a bid naming a document that is not the bidder's own bid document of this project */
  bid_document_missing: 422,
  /** the technical envelopes asked for (or evaluated) before the opening */
  envelopes_sealed: 409,
  /** a second technical evaluation, or one once the financial envelopes are open */
  technical_evaluation_done: 409,
  /** a technical evaluation or a financial opening of a one-envelope tender */
  not_two_envelope: 409,
  /** a technical evaluation that leaves live bids without a verdict (which in details) */
  evaluation_incomplete: 400,
  /** a technical evaluation naming a bid that is not a live bid of this tender */
  evaluation_unknown_bid: 400,
  /** a failed technical verdict without its reason */
  reason_required: 400,
  /** opening the financial envelopes again */
  financial_opened: 409,
  /** opening the financial envelopes before the technical evaluation */
  technical_evaluation_missing: 409,
  /** an award of a bid that failed the technical evaluation */
  bid_failed_technical: 409,
  order_not_active: 409,
  /** a quote (new or revised) on an RFQ past its closing time, awarded or cancelled */
  rfq_closed: 409,
  /** an award or a cancel of an RFQ already awarded or cancelled */
  rfq_awarded: 409,
  /** an edit of an RFQ a supplier has already quoted on */
  rfq_has_quotes: 409,
  /** an award of a line the named quote does not price (or not of this RFQ) */
  line_not_quoted: 409,
  /** an award that orders more of a line than the named quote offers, or its quotes together more than the line asks; which in details */
  award_over_ordered: 409,
  request_not_pending: 409,
  /** a status move no screen offers in the status the entity is in; a refusal a person can meet has a code of its own below */
  invalid_transition: 409,
  /** a bid changed or withdrawn again after its bidder withdrew it: a withdrawal is final */
  bid_withdrawn: 409,
  /** an award of a bid whose earlier award an upheld objection withdrew */
  award_withdrawn: 409,
  /** completing or cancelling a project that is completed or cancelled already */
  project_closed: 409,
  /** an answer to an objection that was answered already */
  objection_answered: 409,
  /** a purchase order's action from a status that no longer allows it (the other party or another device acted first) */
  purchase_order_status_changed: 409,
  /** a delivery's proof, confirmation or problem after its receiver confirmed it (or, for the proof, reported a problem) */
  delivery_answered: 409,
  /** giving a delivery to another driver once its cargo was picked up */
  delivery_picked_up: 409,
  /** a driver's step that is not the delivery's next one (another device recorded it, or a step was skipped) */
  step_out_of_order: 409,
  /** a move of a transport request its requester cancelled */
  transport_cancelled: 409,
  /** cancelling a transport request whose cargo is on its way or delivered */
  transport_under_way: 409,
  /** the transport company moving a request by hand once a driver carries it (the driver's steps move it) */
  driver_assigned: 409,
  /** invoicing a purchase order its seller has not accepted (issued, declined, cancelled) */
  order_not_accepted: 409,
  /** paying or crediting a credit note: only an invoice is paid or credited */
  not_an_invoice: 409,
  /** a credit note against an invoice ZATCA has not accepted (pending or rejected) */
  invoice_not_accepted: 409,
  /** a credit note against an invoice credited in full already */
  fully_credited: 409,
  /** sending an invoice for clearance that is not waiting for it any more (cleared or rejected meanwhile) */
  invoice_not_pending: 409,
  /** confirming or disputing a payment the seller's side answered already the other way */
  payment_answered: 409,
  /** what only the buyer of the purchase order or invoice does (cancel, pay, record a transfer) */
  not_the_buyer: 403,
  /** what only the seller of the purchase order or invoice does (accept, invoice, credit, confirm a payment) */
  not_the_seller: 403,
  plan_limit_reached: 409,
  trial_not_available: 409,
  /** cancelling with no running paid plan, or one cancelled already */
  no_paid_plan: 409,
  cannot_delete_self: 409,
  /** DELETE /api/account whose confirmation is not the account's email */
  account_confirmation_mismatch: 400,
  /** a company's owner deleting their account while others still act for the company */
  company_has_members: 409,
  /** a session whose account its person deleted: the device drops their local copy */
  account_deleted: 401,
  cannot_demote_self: 409,
  owner_protected: 409,
  /** an admin suspending their own company */
  cannot_suspend_self: 409,
  /** a suspended company starting a new deal (posting, quoting, bidding, ordering, accepting); what it owes goes on */
  company_suspended: 403,
  /** a review of a deal that is not completed: a purchase order with no goods receipt, a transport request not delivered */
  no_completed_deal: 409,
  /** a second review of one deal by the same party */
  already_reviewed: 409,
  /** a review's product that its deal did not buy (or not of the reviewed supplier) */
  product_not_in_deal: 409,
  client_id_taken: 403,
  unknown_mutation: 400,
  /** only ever in a push result, never an HTTP answer */
  mutation_out_of_order: 409,
  bid_not_found: 404,
  offer_not_found: 404,
  /** an upload whose bytes are not a photo we take (jpeg, png, webp, avif): svg, pdf, a polyglot, anything else */
  image_unsupported: 415,
  /** an upload whose image data ends early or is corrupt */
  image_truncated: 422,
  /** an image of more pixels than the decoder is allowed to unpack (a decompression bomb) */
  image_too_large: 413,
  /** an upload of more bytes than an upload may have */
  upload_too_large: 413,
  /** a product already has the most photos it may have */
  photo_limit: 409,
  /** the supplier's photos would pass their plan's storage */
  storage_quota: 409,
  /** the account already has the most unfinished uploads it may hold (MAX_UNFINISHED_UPLOADS) */
  too_many_uploads: 409,
  /** a price list import refused whole (mode "all"): each row's problems in details */
  import_invalid: 400,
  /** no import to undo, or the latest one was undone already */
  nothing_to_undo: 409,
  /** the supplier already has a live product with this SKU */
  sku_taken: 409,
  /** a push subscription whose endpoint is not https on a known push service */
  push_endpoint_refused: 400,
  /** the server has no VAPID keys (production without them): push is off */
  push_unavailable: 404,
  /** a push endpoint registered by another user, offered without that subscription's keys */
  push_endpoint_taken: 409,
  /** no invite has this link's token */
  invite_not_found: 404,
  invite_expired: 409,
  /** the invite was used already, or revoked */
  invite_used: 409,
  /** joining a company needs a person in none (no profile of their own, no membership) */
  already_in_company: 409,
  /** only a transport company has drivers */
  driver_needs_transport: 409,
  cannot_remove_owner: 409,
  /** the company's owner only: its profile, invites and team */
  owner_only: 403,
  /** a delivery goes only to a driver of the transport company */
  not_a_driver: 409,
  /** a delivery's steps and proof are its driver's while they are a driver of its company (a removed driver's session goes on as a person of no company) */
  not_company_driver: 403,
  /** a transport request for a deal the caller is not the buyer of (another's order, a project awarded to someone else) */
  not_your_deal: 403,
  /** a transport request for a deal that is not made yet: an instant order without an accepted offer, a project not awarded to a final award */
  deal_not_ready: 409,
  /** a driver's step stamped too far ahead of the server's clock, or before the delivery was assigned */
  step_time_invalid: 400,
  /** e-invoicing needs the company's tax profile first (PUT /api/company/tax-profile) */
  tax_profile_required: 409,
  /** the company's e-invoicing unit is onboarded already (status ready) */
  einvoicing_ready: 409,
  /** another onboarding of the company's unit is under way */
  onboarding_in_progress: 409,
  /** ZATCA refused the onboarding request itself: the one-time code (OTP) or the CSR */
  zatca_refused: 400,
  /** ZATCA's compliance checks rejected the sample documents; its messages in details */
  zatca_rejected: 422,
  /** ZATCA's API did not answer, or answered with a server error */
  zatca_unavailable: 502,
  /** issuing an invoice needs the seller's e-invoicing unit onboarded (status ready) */
  einvoicing_not_ready: 409,
  /** a tax invoice names the buyer's VAT number and national address: the buyer company has no tax profile */
  buyer_tax_profile_required: 409,
  /** the purchase order has an invoice already (pending or cleared) */
  already_invoiced: 409,
  /** transport was requested for the purchase order and the buyer has not confirmed its delivery */
  delivery_unconfirmed: 409,
  /** a tax profile naming a VAT number (or a CR number) another company's tax profile holds */
  vat_number_taken: 409,
  cr_number_taken: 409,
  /** a new VAT number for a company whose e-invoicing unit ZATCA onboarded for the old one (its certificate names it) */
  vat_number_locked: 409,
  /** a cancel of a purchase order that was invoiced, paid or delivered (details[0].code says which): a credit note undoes an invoice */
  order_not_cancellable: 409,
  /** a cancel of a purchase order with a goods receipt: the rest of it is closed short instead */
  order_has_receipts: 409,
  /** a cancel of a purchase order with a live invoice: a credit note undoes the invoice */
  order_invoiced: 409,
  /** a cancel of a purchase order with a payment recorded against its invoice */
  order_paid: 409,
  /** a goods receipt on an order that is not accepted (issued, declined, cancelled or closed) */
  order_not_receivable: 409,
  /** a goods receipt that takes a line above what was ordered beyond the buyer's tolerance; which lines in details */
  over_received: 409,
  /** a close-short of an order with nothing left open */
  nothing_open: 409,
  /** an invoice of an order with nothing left to invoice (received and not invoiced, or before any receipt ordered and not invoiced) */
  nothing_to_invoice: 409,
  /** an invoice of more than was received without the seller's reason for it; which lines in details */
  invoice_exceeds_receipts: 409,
  /** a payment of an invoice whose match is an exception, without the buyer's word that it pays it anyway; what does not match in details */
  invoice_in_exception: 409,
  /** a credit or debit note whose total would make its invoice negative, or credit more than was invoiced */
  note_exceeds_invoice: 409,
  /** a dispute of more of a line than was received (less what other open or accepted disputes hold); which lines in details */
  dispute_exceeds_received: 409,
  /** an answer to a dispute already answered: every move happens once */
  dispute_answered: 409,
  /** a text the tax document would state holds a character XML 1.0 cannot carry (stored before the rule of shared/schemas/common.ts): nothing is chained */
  document_text_invalid: 422,
  /** a zero-rated or exempt line without the VATEX reason ZATCA requires of it (BR-KSA-69): nothing is chained */
  exemption_reason_required: 422,
  /** a payment beyond what is left of the invoice (credit notes, confirmed and, when recording, recorded payments counted) */
  overpayment: 409,
  /** paying an invoice by card when nothing is left to pay of it (recorded transfers counted) */
  nothing_to_pay: 409,
  /** the card gateway (Moyasar) refused to start the payment (an amount below its minimum, say) */
  gateway_refused: 422,
  /** the card gateway did not answer, or answered with a server error */
  gateway_unavailable: 502,
  /** the commercial register (Wathq) did not answer: nothing about the company changed */
  register_unavailable: 502,
  /** a register check of a company whose profile gives no CR number */
  cr_number_missing: 409,
  /** a purchase request's approval or rejection by someone who is not an approver of its next required level (under the site's rules now) */
  not_an_approver: 409,
  /** a purchase request's decision at a level already decided: another approver of it came first, or the caller decided the request already (one decision a person) */
  level_decided: 409,
  /** a purchase request raised on a site that is closed */
  site_closed: 409,
  /** The request is not approved yet, or the order waits for its company's approval: nobody acts on it before. */
  approval_required: 409,
  /** A request line asks more of a budget line than is left of it (its budget less what is committed and approved). */
  over_budget_line: 409,
  /** The approved request became an RFQ or an instant order already: a request is bought once. */
  request_converted: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export type ErrorDetails = Array<{ path: string; message: string; code?: string }>;

/** The one error body of every failure. */
export interface ErrorBody {
  error: string;
  /** One of ERROR_CODES, or a code this build does not know yet (a newer server's). */
  code: ErrorCode | (string & {});
  details?: ErrorDetails;
}

export interface AppErrorOptions {
  details?: ErrorDetails;
  headers?: Record<string, string>;
  /**
   * Only for a status a library already chose that the table has no code for (the error
   * middleware's mapping of koa's and the body parser's errors); nothing else sets it.
   */
  status?: number;
}

/** A refusal the server answers with a 4xx (or a 500) and an ErrorBody. */
export class AppError extends Error {
  readonly status: number;
  readonly details?: ErrorDetails;
  readonly headers?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    opts: AppErrorOptions = {},
  ) {
    super(message);
    this.status = opts.status ?? ERROR_STATUS[code];
    this.details = opts.details;
    this.headers = opts.headers;
  }
}

// Named factories, grouped by status. Messages are the default English `error` text;
// call sites pass a more precise one where it helps the reader of a raw response.

export const validationFailed = (message = 'Invalid input', details?: ErrorDetails) =>
  new AppError('validation_failed', message, { details });
export const invalidLoginCode = () => new AppError('invalid_login_code', 'The login code is invalid, used or expired');
export const unknownMutation = (name: string) => new AppError('unknown_mutation', `Unknown action ${name}`);

export const unauthenticated = (message = 'Sign in required') => new AppError('unauthenticated', message);

export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', message);
export const profileRequired = (message = 'Finish your profile setup first') => new AppError('profile_required', message);
export const badOrigin = () => new AppError('bad_origin', 'Cross-origin write refused');
export const loginCodeOtherBrowser = () =>
  new AppError('login_code_other_browser', 'This sign-in was started in another browser; sign in again here');
export const httpsRequired = () => new AppError('https_required', 'This site is served over https only');
export const clientIdTaken = () => new AppError('client_id_taken', 'This client id belongs to another user');
export const notTheBuyer = (message: string) => new AppError('not_the_buyer', message);
export const notTheSeller = (message: string) => new AppError('not_the_seller', message);

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
export const bidNotFound = (message = 'No such bid on this project') => new AppError('bid_not_found', message);
export const offerNotFound = (message = 'No such offer') => new AppError('offer_not_found', message);
export const pushEndpointRefused = (why: string) => new AppError('push_endpoint_refused', `Push endpoint refused: ${why}`);
export const pushEndpointTaken = () =>
  new AppError('push_endpoint_taken', "This push endpoint is another user's, and the keys offered are not its keys");
export const pushUnavailable = () => new AppError('push_unavailable', 'Push notifications are not set up on this server');

export const methodNotAllowed = (method: string, allow: string) =>
  new AppError('method_not_allowed', `${method} is not allowed here`, { headers: { Allow: allow } });

export const conflict = (message: string) => new AppError('conflict', message);
export const roleLocked = (message = 'The role cannot change after setup') => new AppError('role_locked', message);
export const projectNotOpen = (message: string) => new AppError('project_not_open', message);
export const deadlinePassed = (message = "This project's bidding deadline has passed") => new AppError('deadline_passed', message);
export const tenderNotOpened = (message = 'The bids are sealed until the opening') => new AppError('tender_not_opened', message);
export const standstillClosed = (message = 'Objections are taken only during the standstill period of an award') =>
  new AppError('standstill_closed', message);
export const questionsClosed = (message = 'This tender no longer takes questions') => new AppError('questions_closed', message);
export const questionAnswered = (message = 'This question is answered already') => new AppError('question_answered', message);
export const documentUnsupported = (message = 'A tender document must be a PDF, an XLSX spreadsheet, a DWG drawing or a PNG or JPEG image') =>
  new AppError('document_unsupported', message);
export const documentUploadMissing = (message = 'No finished upload of yours for this project has this id') => new AppError('document_upload_missing', message);
export const documentSuperseded = (message = 'This document was already replaced by an addendum; replace the current version') =>
  new AppError('document_superseded', message);
export const technicalEnvelopeRequired = (message = 'This tender takes two envelopes: give a technical envelope (a text or at least one document)') =>
  new AppError('technical_envelope_required', message);
export const technicalEnvelopeNotTaken = (message = 'This tender takes one envelope: it takes no technical envelope') =>
  new AppError('technical_envelope_not_taken', message);
export const bidBondNotTaken = (message = 'This tender asks for no bid bond') => new AppError('bid_bond_not_taken', message);
export const bidDocumentMissing = (message = 'A named document is not a bid document of yours for this project') =>
  new AppError('bid_document_missing', message);
export const envelopesSealed = (message = 'The envelopes are sealed until the opening') => new AppError('envelopes_sealed', message);
export const technicalEvaluationDone = (message = 'The technical evaluation of this tender is recorded already') =>
  new AppError('technical_evaluation_done', message);
export const notTwoEnvelope = (message = 'This tender takes one envelope: it has no technical evaluation or financial opening') =>
  new AppError('not_two_envelope', message);
export const evaluationIncomplete = (bidIds: readonly string[] | string) =>
  new AppError('evaluation_incomplete', 'Give one verdict for every live bid', {
    details: [bidIds].flat().map((id) => ({ path: 'results', message: id, code: 'evaluation_incomplete' })),
  });
export const evaluationUnknownBid = (bidId: string) =>
  new AppError('evaluation_unknown_bid', `No live bid ${bidId} on this tender`, { details: [{ path: 'results', message: bidId, code: 'evaluation_unknown_bid' }] });
export const reasonRequired = (bidId: string) =>
  new AppError('reason_required', 'A failed technical envelope needs its reason', { details: [{ path: 'results', message: bidId, code: 'reason_required' }] });
export const financialOpened = (message = 'The financial envelopes of this tender are open already') => new AppError('financial_opened', message);
export const technicalEvaluationMissing = (message = 'Record the technical evaluation before opening the financial envelopes') =>
  new AppError('technical_evaluation_missing', message);
export const bidFailedTechnical = (message = 'This bid failed the technical evaluation: it cannot be awarded') =>
  new AppError('bid_failed_technical', message);
export const objectionExists = (message = 'You already objected to this award') => new AppError('objection_exists', message);
export const orderNotActive = (message: string) => new AppError('order_not_active', message);
export const rfqClosed = (message = 'This request for quotation no longer takes quotes') => new AppError('rfq_closed', message);
export const rfqAwarded = (message = 'This request for quotation was already awarded or cancelled') => new AppError('rfq_awarded', message);
export const rfqHasQuotes = (message = 'A supplier has already quoted on this request for quotation, so it can no longer be edited') =>
  new AppError('rfq_has_quotes', message);
export const lineNotQuoted = (message: string) => new AppError('line_not_quoted', message);
export const awardOverOrdered = (message: string, details: ErrorDetails) => new AppError('award_over_ordered', message, { details });
export const requestNotPending = (message: string) => new AppError('request_not_pending', message);
export const invalidTransition = (message: string) => new AppError('invalid_transition', message);
export const bidWithdrawn = (message = 'You withdrew your bid on this project; a withdrawal is final') => new AppError('bid_withdrawn', message);
export const awardWithdrawn = (message = 'An upheld objection withdrew the award of this bid') => new AppError('award_withdrawn', message);
export const projectClosed = (message: string) => new AppError('project_closed', message);
export const objectionAnswered = (message: string) => new AppError('objection_answered', message);
export const purchaseOrderStatusChanged = (message: string) => new AppError('purchase_order_status_changed', message);
export const deliveryAnswered = (message = 'The receiver answered this delivery already') => new AppError('delivery_answered', message);
export const deliveryPickedUp = (message = 'The cargo was picked up: the delivery can no longer be reassigned') => new AppError('delivery_picked_up', message);
export const stepOutOfOrder = (message: string) => new AppError('step_out_of_order', message);
export const transportCancelled = (message = 'The requester cancelled this transport request') => new AppError('transport_cancelled', message);
export const transportUnderWay = (message = 'The cargo is on its way or delivered: the transport request can no longer be cancelled') =>
  new AppError('transport_under_way', message);
export const driverAssigned = (message = "A driver carries this transport: it moves by the driver's steps") => new AppError('driver_assigned', message);
export const orderNotAccepted = (message: string) => new AppError('order_not_accepted', message);
export const notAnInvoice = (message: string) => new AppError('not_an_invoice', message);
export const invoiceNotAccepted = (message: string) => new AppError('invoice_not_accepted', message);
export const fullyCredited = (message = 'Everything on this invoice is credited already') => new AppError('fully_credited', message);
export const invoiceNotPending = (message: string) => new AppError('invoice_not_pending', message);
export const paymentAnswered = (message: string) => new AppError('payment_answered', message);
export const planLimitReached = (message: string) => new AppError('plan_limit_reached', message);
export const trialNotAvailable = (message: string) => new AppError('trial_not_available', message);
export const noPaidPlan = (message = 'There is no running paid plan to cancel') => new AppError('no_paid_plan', message);
export const cannotDeleteSelf = (message = 'You cannot delete your own account') => new AppError('cannot_delete_self', message);
export const accountConfirmationMismatch = (message = "Type your account's email to confirm deleting it") =>
  new AppError('account_confirmation_mismatch', message);
export const companyHasMembers = (message = 'Others still act for your company: remove them from it before deleting your account') =>
  new AppError('company_has_members', message);
export const accountDeleted = (message = 'This account was deleted') => new AppError('account_deleted', message);
export const cannotDemoteSelf = (message = 'You cannot remove your own admin flag') => new AppError('cannot_demote_self', message);
export const ownerProtected = (message: string) => new AppError('owner_protected', message);
export const cannotSuspendSelf = (message = 'You cannot suspend your own company') => new AppError('cannot_suspend_self', message);
export const companySuspended = (message = 'Your company is suspended: it cannot start new deals, and it can finish the ones it has') =>
  new AppError('company_suspended', message);
export const importInvalid = (message: string, details: ErrorDetails) => new AppError('import_invalid', message, { details });
export const nothingToUndo = (message = 'There is no import to undo') => new AppError('nothing_to_undo', message);
export const skuTaken = (message = 'You already have a product with this SKU') => new AppError('sku_taken', message);
export const inviteNotFound = (message = 'This invite link is not valid') => new AppError('invite_not_found', message);
export const inviteExpired = (message = 'This invite link has expired') => new AppError('invite_expired', message);
export const inviteUsed = (message = 'This invite link was already used or withdrawn') => new AppError('invite_used', message);
export const alreadyInCompany = (message = 'You already belong to a company') => new AppError('already_in_company', message);
export const driverNeedsTransport = (message = 'Only a transport company has drivers') => new AppError('driver_needs_transport', message);
export const cannotRemoveOwner = (message = "The company's owner cannot be removed") => new AppError('cannot_remove_owner', message);
export const taxProfileRequired = () => new AppError('tax_profile_required', "Save the company's tax profile before onboarding for e-invoicing");
export const einvoicingReady = () => new AppError('einvoicing_ready', "The company's e-invoicing unit is onboarded already");
export const onboardingInProgress = () => new AppError('onboarding_in_progress', "The company's e-invoicing unit is being onboarded; wait for it to finish");
export const zatcaRefused = (message: string, details?: ErrorDetails) => new AppError('zatca_refused', message, { details });
export const zatcaRejected = (message: string, details?: ErrorDetails) => new AppError('zatca_rejected', message, { details });
export const zatcaUnavailable = (message = "ZATCA's API did not answer; try again") => new AppError('zatca_unavailable', message);
export const einvoicingNotReady = () => new AppError('einvoicing_not_ready', 'Onboard the company with ZATCA for e-invoicing before issuing invoices');
export const buyerTaxProfileRequired = () =>
  new AppError('buyer_tax_profile_required', "The buyer has no tax profile yet: a tax invoice names the buyer's VAT number and national address");
export const vatNumberTaken = () =>
  new AppError('vat_number_taken', 'This VAT number belongs to another company on Binaa', { details: [{ path: 'vat_number', message: 'taken', code: 'vat_number_taken' }] });
export const crNumberTaken = () =>
  new AppError('cr_number_taken', 'This commercial registration number belongs to another company on Binaa', { details: [{ path: 'cr_number', message: 'taken', code: 'cr_number_taken' }] });
export const vatNumberLocked = () =>
  new AppError('vat_number_locked', "This company's e-invoicing unit is onboarded for its VAT number: the number cannot change", {
    details: [{ path: 'vat_number', message: 'locked', code: 'vat_number_locked' }],
  });
export const orderNotCancellable = (blocker: 'paid' | 'invoiced' | 'delivered') =>
  new AppError('order_not_cancellable', `This purchase order was ${blocker}: it can no longer be cancelled (a credit note undoes its invoice)`, {
    details: [{ path: '', message: blocker, code: blocker }],
  });
export const orderHasReceipts = () => new AppError('order_has_receipts', 'Goods were received on this purchase order: close the rest of it short instead of cancelling it');
export const orderInvoiced = () => new AppError('order_invoiced', 'This purchase order has a live invoice: a credit note undoes the invoice');
export const orderPaid = () => new AppError('order_paid', "A payment was recorded against this purchase order's invoice");
export const orderNotReceivable = (status: string) => new AppError('order_not_receivable', `A ${status} purchase order takes no goods receipt: only an accepted one that is not closed`);
export const overReceived = (details: ErrorDetails) => new AppError('over_received', 'These lines would be received above what was ordered (beyond the tolerance)', { details });
export const nothingOpen = () => new AppError('nothing_open', 'Nothing is left open on this purchase order');
export const nothingToInvoice = () => new AppError('nothing_to_invoice', 'Nothing is left to invoice on this purchase order');
export const invoiceExceedsReceipts = (details: ErrorDetails) =>
  new AppError('invoice_exceeds_receipts', 'These lines invoice more than was received: give over_receipt_reason to invoice them anyway', { details });
export const invoiceInException = (details: ErrorDetails) =>
  new AppError('invoice_in_exception', 'This invoice does not match its order and receipts: pay it with accept_exception to pay it anyway', { details });
export const noteExceedsInvoice = (message: string) => new AppError('note_exceeds_invoice', message);
export const disputeExceedsReceived = (details: ErrorDetails) => new AppError('dispute_exceeds_received', 'These lines dispute more than was received', { details });
export const disputeAnswered = (status: string) => new AppError('dispute_answered', `This dispute was ${status} already`);
export const alreadyInvoiced = (number: string) => new AppError('already_invoiced', `This purchase order is invoiced already (${number})`);
export const deliveryUnconfirmed = () => new AppError('delivery_unconfirmed', 'Transport was requested for this order: it is invoiced once the buyer confirms the delivery');
export const documentTextInvalid = (path: string) =>
  new AppError('document_text_invalid', `A tax invoice cannot state ${path}: it holds a control character; correct it and issue again`, {
    details: [{ path, message: 'control_character', code: 'control_character' }],
  });
export const exemptionReasonRequired = (path: string) =>
  new AppError('exemption_reason_required', 'A zero-rated or exempt line states its VATEX exemption reason', {
    details: [{ path, message: 'exemption_reason_required', code: 'exemption_reason_required' }],
  });
export const overpayment = (left: number) => new AppError('overpayment', `The payment is more than is left to pay of this invoice (${Number(left).toFixed(2)} SAR)`);
export const nothingToPay = (message = 'Nothing is left to pay of this invoice') => new AppError('nothing_to_pay', message);
export const gatewayRefused = (message: string) => new AppError('gateway_refused', message);
export const registerUnavailable = (message = 'The commercial register did not answer; try again') => new AppError('register_unavailable', message);
export const crNumberMissing = (message = "Add your company's commercial registration number to its profile first") => new AppError('cr_number_missing', message);
export const gatewayUnavailable = (message = 'The card gateway did not answer; try again') => new AppError('gateway_unavailable', message);
export const ownerOnly = (message = "Only the company's owner can do this") => new AppError('owner_only', message);
export const notADriver = (message = 'This person is not a driver of your company') => new AppError('not_a_driver', message);
export const notCompanyDriver = (message = 'Only a driver of the company carrying this delivery records its steps and proof') => new AppError('not_company_driver', message);
export const noCompletedDeal = (message = 'A review needs a completed deal: a purchase order with a goods receipt, or a delivered transport request') =>
  new AppError('no_completed_deal', message);
export const alreadyReviewed = (message = 'Your company has already reviewed this deal') => new AppError('already_reviewed', message);
export const productNotInDeal = (message = 'This deal did not buy that product') => new AppError('product_not_in_deal', message);
export const notYourDeal = (message = 'This deal is not yours to arrange transport for') => new AppError('not_your_deal', message);
export const dealNotReady = (message: string) => new AppError('deal_not_ready', message);
export const stepTimeInvalid = (message: string) => new AppError('step_time_invalid', message);
export const notAnApprover = (message = "You are not an approver of this request's next level") => new AppError('not_an_approver', message);
export const levelDecided = (message = 'This level of the request has been decided already') => new AppError('level_decided', message);
export const siteClosed = (message = 'This site is closed: it takes no new purchase requests') => new AppError('site_closed', message);
export const approvalRequired = (message = 'This waits for its company\'s approval first') => new AppError('approval_required', message);
export const overBudgetLine = (message: string, details?: ErrorDetails) => new AppError('over_budget_line', message, { details });
export const requestConverted = (message = 'This purchase request became an RFQ or an instant order already') => new AppError('request_converted', message);

export const imageUnsupported = (message = 'This file is not a photo in a supported format (JPEG, PNG, WebP or AVIF)') =>
  new AppError('image_unsupported', message);
export const imageTruncated = (message = 'The image data is cut short or corrupt') => new AppError('image_truncated', message);
export const imageTooLarge = (message = 'The image has too many pixels') => new AppError('image_too_large', message);
export const uploadTooLarge = (message = 'The file is larger than an upload may be') => new AppError('upload_too_large', message);
export const photoLimit = (message = 'This product already has the most photos it may have') => new AppError('photo_limit', message);
export const storageQuota = (message = "Your plan's photo storage is full") => new AppError('storage_quota', message);
export const tooManyUploads = (message = 'You have too many unfinished uploads; finish or cancel one first') =>
  new AppError('too_many_uploads', message);

/** limitBytes: the limit the body parser applied (its error carries it), stated in the message. */
export const payloadTooLarge = (limitBytes?: number) =>
  new AppError('payload_too_large', limitBytes ? `Request body is larger than ${byteSize(limitBytes)}` : 'Request body is too large');
const byteSize = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)} MB` : `${+(n / 1024).toFixed(1)} kB`);
export const unsupportedMediaType = () => new AppError('unsupported_media_type', 'Send the body as application/json');

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('rate_limited', 'Too many requests, try again later', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

export const internalError = (message = 'Something went wrong on our side') => new AppError('internal_error', message);
/**
 * 503 while the database does not answer. Nothing was done (or, for a write whose answer
 * was lost, its retry is answered from what was stored), so the client retries as it
 * would after a network failure, no sooner than Retry-After.
 */
export const databaseUnavailable = (message = 'The database is not answering; try again in a moment') =>
  new AppError('database_unavailable', message, { headers: { 'Retry-After': '2' } });

/** 503 of the readiness check while the process drains for shutdown: a load balancer sends elsewhere, a client retries. */
export const shuttingDown = () => new AppError('shutting_down', 'This server is restarting; try again in a moment', { headers: { 'Retry-After': '1' } });

/** 503s of the PDF renderer (server/modules/invoices/pdf-renderer.ts): nothing was done; asking again after Retry-After may find a thread. */
export const pdfBusy = (retryAfterSeconds: number) =>
  new AppError('pdf_busy', 'Too many documents are being prepared; try again in a moment', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
export const pdfTimedOut = (retryAfterSeconds: number) =>
  new AppError('pdf_timed_out', 'The document took too long to prepare; try again in a moment', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

/** A failed parse of a shared schema as the 400 it is, with each issue in `details`. */
export function fromZodError(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code: string; keys?: string[] }> }): AppError {
  const details = error.issues.map((i) => ({
    path: i.path.map(String).join('.') || (i.code === 'unrecognized_keys' ? (i.keys ?? []).join(',') : ''),
    message: i.message,
    code: i.code,
  }));
  const fields = [...new Set(details.map((d) => d.path).filter(Boolean))];
  return validationFailed(fields.length ? `Invalid input: ${fields.join(', ')}` : 'Invalid input', details);
}
