/**
 * User-facing texts from REQ-MSG, kept verbatim: tests and both apps import them from here so a changed word
 * changes everywhere at once.
 */
export const MESSAGES = {
  /** REQ-MSG-01 (safe messages). */
  validation: 'Please check your input and try again.',
  validationDetails: 'Please verify the required fields are filled correctly.',
  authentication: 'Authentication failed. Please check your credentials.',
  authorization: 'You do not have permission to perform this action.',
  network: 'Network error. Please check your connection and try again.',
  server: 'A server error occurred. Please try again later.',
  unknown: 'An unexpected error occurred. Please try again.',
  notFound: 'The page or listing you asked for does not exist.',
  /** Any other rate limit (writes, security events; REQ-SEC-08): shown with the 429's Retry-After. */
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',

  /** REQ-SEARCH-06. */
  invalidPriceRangeTitle: 'Invalid price range',
  invalidPriceRange: 'Minimum price cannot be greater than maximum price.',

  /** REQ-MSG-09. */
  searchErrorTitle: 'Search error',
  searchRateLimited: 'Too many search requests. Please wait before searching again.',
  searchSlowDown: 'Please slow down your search requests.',
  /** REQ-SEARCH-17: a radius search around a place that is not in the postcode data (UNKNOWN_LOCATION, with suggestions). */
  unknownLocation:
    "We couldn't find that location. Please check the spelling, or try a town, a postcode district such as SW19 or a full postcode.",

  /** REQ-SEARCH-24. */
  noPropertiesTitle: 'No Properties Found',
  noPropertiesText: 'Try adjusting your search criteria or expanding your location search.',

  /** REQ-CLIENT. */
  authRequiredTitle: 'Authentication Required',
  signInToFavourite: 'Please sign in to save favourites',
  signInToSaveSearch: 'Please sign in to save searches',
  linkCopiedTitle: 'Link copied',
  linkCopied: 'Property link copied to clipboard',
  copyLinkFailed: 'Failed to copy link',
  favouriteAdded: 'Added to favourites',
  favouriteRemoved: 'Removed from favourites',
  favouriteFailed: 'Failed to update favourites',
  searchSavedTitle: 'Search Saved',
  searchSaved: 'Your search has been saved successfully',
  saveSearchFailed: 'Failed to save search',

  /** REQ-CLIENT-13. */
  dashboardLoadFailed: 'Failed to load dashboard data',
  savedSearchDeleted: 'Saved search deleted',
  savedSearchDeleteFailed: 'Failed to delete saved search',

  /** REQ-ENQ-02 (enquiries). */
  contactRequired: 'Contact information is required',
  contactInvalidEmail: 'Invalid email format',
  contactPhoneLength: 'Phone number should be between 5-20 characters',
  /** REQ-MSG: a phone of 5 to 20 characters that holds fewer than 5 digits ('-----'). */
  contactPhoneDigits: 'Phone number must contain at least 5 digits',
  contactInvalidContent: 'Contact information contains invalid content',

  /** REQ-AGENT. */
  agentProfileNotFound: 'Agent profile not found',
  propertiesLoadFailed: 'Failed to load properties',
  propertyDeleted: 'Property deleted successfully',
  propertyDeleteFailed: 'Failed to delete property',
  propertyDeleteConfirm: 'Are you sure you want to delete this property?',
  enquiriesLoadFailed: 'Failed to load enquiries',
  enquiryStatusUpdated: 'Enquiry status updated',
  enquiryStatusUpdateFailed: 'Failed to update enquiry status',
  profileLoadFailed: 'Failed to load profile',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  /** REQ-AGENT-12. */
  profileNotFound: 'Profile not found',
  /** REQ-AGENT-04 empty states. */
  noPropertiesYet: 'No properties yet',
  addFirstProperty: 'Add Your First Property',
  noPropertiesMatch: 'No properties match your filters',
  /** REQ-MSG-11. */
  propertyDeletedFallback: 'Property Deleted',
  anonymous: 'Anonymous',
  notAvailable: 'N/A',
  noAgency: 'No agency',

  /** REQ-ADMIN. */
  usersLoadFailed: 'Failed to fetch users',
  adminPropertiesLoadFailed: 'Failed to fetch properties',
  adminEnquiriesLoadFailed: 'Failed to fetch enquiries',
  suspendFailed: 'Failed to suspend user',
  userSuspended: 'User suspended successfully',
  reactivateFailed: 'Failed to reactivate user',
  userReactivated: 'User reactivated successfully',
  propertyApproved: 'Property approved successfully',
  approveFailed: 'Failed to approve property',
  propertyRejected: 'Property rejected successfully',
  rejectFailed: 'Failed to reject property',
  /** REQ-ADMIN. */
  loadingAdminPortal: 'Loading admin portal...',
  accessDenied: 'Access Denied',
  accessDeniedText: "You don't have permission to access the admin portal.",
  unnamedUser: 'Unnamed User',
  emailOnFile: 'Email on file',

  /** REQ-SITE-02 page. */
  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',
} as const;

/** Label of a saved search: 'Search in {location}' or 'Search in All Areas' (REQ-CLIENT-07 Writes). */
export function savedSearchLabel(location: string | undefined): string {
  const place = location?.trim();
  return place ? `Search in ${place}` : 'Search in All Areas';
}

/** 'Contacting {agent} about {title}' (REQ-SEARCH-24, listing card). */
export function contactingAgentMessage(agent: string, title: string): string {
  return `Contacting ${agent} about ${title}`;
}

/** 'Enquiry marked as {status}' (REQ-ADMIN), with the status as shown (e.g. 'In Progress'). */
export function enquiryMarkedMessage(statusLabel: string): string {
  return `Enquiry marked as ${statusLabel}`;
}

/** 'N Properties Found' (REQ-SEARCH-21): the exact count, grouped as in en-GB ('1,234,567'; REQ-SEARCH-21). */
export function propertiesFoundHeading(total: number): string {
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'Property' : 'Properties'} Found`;
}
