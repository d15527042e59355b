/**
 * User-facing texts from SPEC §8, kept verbatim: tests and both apps import them from here so a changed word
 * changes everywhere at once.
 */
export const MESSAGES = {
  /** SPEC §8 error categories (safe messages). */
  validation: 'Please check your input and try again.',
  validationDetails: 'Please verify the required fields are filled correctly.',
  authentication: 'Authentication failed. Please check your credentials.',
  authorization: 'You do not have permission to perform this action.',
  network: 'Network error. Please check your connection and try again.',
  server: 'A server error occurred. Please try again later.',
  unknown: 'An unexpected error occurred. Please try again.',
  notFound: 'The page or listing you asked for does not exist.',
  /** Any other rate limit (writes, security events; issue #7): shown with the 429's Retry-After. */
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',

  /** SPEC §5 Price range. */
  invalidPriceRangeTitle: 'Invalid price range',
  invalidPriceRange: 'Minimum price cannot be greater than maximum price.',

  /** SPEC §8 Search. */
  searchErrorTitle: 'Search error',
  searchRateLimited: 'Too many search requests. Please wait before searching again.',
  searchSlowDown: 'Please slow down your search requests.',
  /** Issue #8: a radius search around a place that is not in the postcode data (UNKNOWN_LOCATION, with suggestions). */
  unknownLocation:
    "We couldn't find that location. Please check the spelling, or try a town, a postcode district such as SW19 or a full postcode.",

  /** SPEC §2 Search page. */
  noPropertiesTitle: 'No Properties Found',
  noPropertiesText: 'Try adjusting your search criteria or expanding your location search.',

  /** SPEC §8 Favourites and saved searches. */
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

  /** SPEC §8 Client. */
  dashboardLoadFailed: 'Failed to load dashboard data',
  savedSearchDeleted: 'Saved search deleted',
  savedSearchDeleteFailed: 'Failed to delete saved search',

  /** SPEC §5 Contact data (enquiries). */
  contactRequired: 'Contact information is required',
  contactInvalidEmail: 'Invalid email format',
  contactPhoneLength: 'Phone number should be between 5-20 characters',
  /** Issue #23: a phone of 5 to 20 characters that holds fewer than 5 digits ('-----'). */
  contactPhoneDigits: 'Phone number must contain at least 5 digits',
  contactInvalidContent: 'Contact information contains invalid content',

  /** SPEC §8 Agent. */
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
  /** SPEC §2 Agent profile. */
  profileNotFound: 'Profile not found',
  /** SPEC §2 Agent properties empty states. */
  noPropertiesYet: 'No properties yet',
  addFirstProperty: 'Add Your First Property',
  noPropertiesMatch: 'No properties match your filters',
  /** SPEC §8 display fallbacks. */
  propertyDeletedFallback: 'Property Deleted',
  anonymous: 'Anonymous',
  notAvailable: 'N/A',
  noAgency: 'No agency',

  /** SPEC §8 Admin. */
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
  /** SPEC §2 Admin portal. */
  loadingAdminPortal: 'Loading admin portal...',
  accessDenied: 'Access Denied',
  accessDeniedText: "You don't have permission to access the admin portal.",
  unnamedUser: 'Unnamed User',
  emailOnFile: 'Email on file',

  /** SPEC §2 404 page. */
  notFoundTitle: 'Oops! Page not found',
  returnHome: 'Return to Home',
} as const;

/** Label of a saved search: 'Search in {location}' or 'Search in All Areas' (SPEC §7 Writes). */
export function savedSearchLabel(location: string | undefined): string {
  const place = location?.trim();
  return place ? `Search in ${place}` : 'Search in All Areas';
}

/** 'Contacting {agent} about {title}' (SPEC §2 Search page, listing card). */
export function contactingAgentMessage(agent: string, title: string): string {
  return `Contacting ${agent} about ${title}`;
}

/** 'Enquiry marked as {status}' (SPEC §8 Admin), with the status as shown (e.g. 'In Progress'). */
export function enquiryMarkedMessage(statusLabel: string): string {
  return `Enquiry marked as ${statusLabel}`;
}

/** 'N Properties Found' (SPEC §2): the exact count, grouped as in en-GB ('1,234,567'; issue #24). */
export function propertiesFoundHeading(total: number): string {
  return `${total.toLocaleString('en-GB')} ${total === 1 ? 'Property' : 'Properties'} Found`;
}
