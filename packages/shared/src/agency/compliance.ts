/**
 * What an agency must show before its listings may be published (ADR 029). Every estate or letting agent in England
 * must belong to a government-approved redress scheme (Consumers, Estate Agents and Redress Act 2007; the Redress
 * Schemes for Lettings Agency Work and Property Management Work Order 2014); a letting agent who holds client money
 * must also belong to an approved client money protection scheme (Client Money Protection Schemes for Property Agents
 * (Approval and Designation of Schemes) Regulations 2019). An admin checks the membership numbers and verifies.
 */

/** The two approved redress schemes for estate and letting agents. */
export const REDRESS_SCHEMES = ['tpo', 'prs'] as const;
export type RedressScheme = (typeof REDRESS_SCHEMES)[number];
export const REDRESS_SCHEME_LABELS: Record<RedressScheme, string> = {
  tpo: 'The Property Ombudsman',
  prs: 'Property Redress Scheme',
};

/** The government-approved client money protection schemes. */
export const CMP_SCHEMES = [
  'client-money-protect',
  'propertymark',
  'safeagent',
  'ukala',
  'money-shield',
  'rics',
] as const;
export type CmpScheme = (typeof CMP_SCHEMES)[number];
export const CMP_SCHEME_LABELS: Record<CmpScheme, string> = {
  'client-money-protect': 'Client Money Protect',
  propertymark: 'Propertymark Client Money Protection',
  safeagent: 'safeagent',
  ukala: 'UKALA Client Money Protection',
  'money-shield': 'Money Shield',
  rics: 'RICS Client Money Protection',
};

/** An agency's state as the portals show it: only a verified agency may publish listings. */
export const AGENCY_STANDINGS = ['unverified', 'verified', 'suspended'] as const;
export type AgencyStanding = (typeof AGENCY_STANDINGS)[number];
