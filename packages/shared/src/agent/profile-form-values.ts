/**
 * The agent profile form's starting values — blank for a new profile, or a stored profile as the form edits it — and
 * the fields a branch form shares with it (a branch is an agents row, ADR 029).
 */
import { hoursByDay } from './business-hours.ts';
import type { AgentProfile, UpdateAgentProfileFormInput } from './profile.schema.ts';

/** The fields a profile and a branch form share, blank (hours and the agency name differ, so each sets its own). */
export const BLANK_PROFILE_FIELDS = {
  name: '',
  branchName: '',
  email: '',
  phone: '',
  phoneSecondary: '',
  bio: '',
  address: '',
  websiteUrl: '',
  socialLinks: { linkedin: '', facebook: '' },
  certifications: [] as string[],
  languages: [] as string[],
  yearsExperience: '',
};

/** The fields a profile and a branch form share, from a stored agents row (nulls as '', years as text). */
export function storedProfileFields(agent: AgentProfile): typeof BLANK_PROFILE_FIELDS {
  return {
    name: agent.name,
    branchName: agent.branchName ?? '',
    email: agent.email ?? '',
    phone: agent.phone ?? '',
    phoneSecondary: agent.phoneSecondary ?? '',
    bio: agent.bio ?? '',
    address: agent.address ?? '',
    websiteUrl: agent.websiteUrl ?? '',
    socialLinks: { linkedin: agent.socialLinks.linkedin ?? '', facebook: agent.socialLinks.facebook ?? '' },
    certifications: agent.certifications,
    languages: agent.languages,
    yearsExperience: agent.yearsExperience == null ? '' : String(agent.yearsExperience),
  };
}

/**
 * The form's starting values for a new profile (REQ-AGENT): the account's name and e-mail, everything else blank.
 */
export function newProfileFormValues(user: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): UpdateAgentProfileFormInput {
  return {
    ...BLANK_PROFILE_FIELDS,
    name: [user.firstName, user.lastName].filter(Boolean).join(' '),
    agencyName: '',
    email: user.email,
    businessHours: null,
  };
}

/** The form's starting values from a stored profile (nulls as '', years as text). */
export function profileFormValues(agent: AgentProfile): UpdateAgentProfileFormInput {
  return {
    ...storedProfileFields(agent),
    agencyName: agent.agencyName ?? '',
    // The demo and older rows keep spans of days ('Monday to Friday'); the form edits one day at a time.
    businessHours: Object.keys(hoursByDay(agent.businessHours)).length
      ? hoursByDay(agent.businessHours)
      : null,
  };
}
