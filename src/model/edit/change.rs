//! Edits that are not a single number: adding, removing, renaming and reordering labs, options
//! and resource uses; choosing provider, snapshot, price model and stand-in offers.
//!
//! Every change is applied to a copy and committed only if the scenario stays valid, like
//! [`crate::model::edit::number::apply_number`].

use crate::model::catalog::offer::{Offer, PriceModel, PriceUnit};
use crate::model::catalog::resource::{Resource, ResourceKind};
use crate::model::catalog::Catalog;
use crate::model::scenario::course::{Lab, LabOption, ProjectUse, ResourceUse};
use crate::model::scenario::validate::{limits, validate};
use crate::model::scenario::{OfferChoice, Scenario};

/// Provider id of offers the user entered.
pub const CUSTOM_PROVIDER: &str = "custom";

/// A structural or choice edit.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Append a new lab (one option, one VM for two hours).
    AddLab,
    /// Remove a lab.
    RemoveLab(usize),
    /// Move a lab from one position to another.
    MoveLab {
        /// Current index.
        from: usize,
        /// New index.
        to: usize,
    },
    /// Rename a lab.
    RenameLab {
        /// Lab index.
        lab: usize,
        /// New name.
        name: String,
    },
    /// Add an option to a lab, taken by no one until its share is set.
    AddOption {
        /// Lab index.
        lab: usize,
    },
    /// Remove an option; its share goes to the others.
    RemoveOption {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
    },
    /// Rename an option.
    RenameOption {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
        /// New name.
        name: String,
    },
    /// Add a resource use to an option.
    AddUse {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
    },
    /// Remove a resource use from an option.
    RemoveUse {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
        /// Use index.
        item: usize,
    },
    /// Change which resource a lab use reserves.
    SetUseResource {
        /// Lab index.
        lab: usize,
        /// Option index.
        option: usize,
        /// Use index.
        item: usize,
        /// Resource id.
        resource: String,
    },
    /// Add a resource use to the project.
    AddProjectUse,
    /// Remove a project use.
    RemoveProjectUse(usize),
    /// Change which resource a project use reserves.
    SetProjectUseResource {
        /// Use index.
        item: usize,
        /// Resource id.
        resource: String,
    },
    /// Price on another provider.
    SetProvider(String),
    /// Price with another snapshot.
    SetSnapshot(String),
    /// On demand or spot.
    SetPriceModel(PriceModel),
    /// Show results in another currency (code).
    SetCurrency(String),
    /// Let an offer stand in for a resource on a provider.
    ChooseOffer {
        /// Provider id.
        provider: String,
        /// Resource id.
        resource: String,
        /// Offer id.
        offer: String,
    },
    /// Set how many of the chosen offer one resource instance equals.
    SetChoiceFraction {
        /// Provider id.
        provider: String,
        /// Resource id.
        resource: String,
        /// Fraction (count of offers).
        fraction: f64,
    },
    /// Go back to the catalog's stand-in.
    ResetChoice {
        /// Provider id.
        provider: String,
        /// Resource id.
        resource: String,
    },
    /// Add an offer the user entered (e.g. an institution's negotiated rate).
    AddCustomOffer(CustomOffer),
    /// Remove a custom offer and every choice that uses it.
    RemoveCustomOffer(String),
    /// Set every overrun factor back to the given preset's.
    ResetRealism(crate::model::scenario::realism::Realism),
}

/// What the user enters for a custom offer.
#[derive(Clone, Debug, PartialEq)]
pub struct CustomOffer {
    /// Name shown in place of a SKU.
    pub name: String,
    /// vCPUs (count).
    pub vcpu: u32,
    /// Memory (GB).
    pub ram_gb: f64,
    /// GPU model (empty for none).
    pub gpu_model: String,
    /// GPUs (count).
    pub gpu_count: u32,
    /// Memory per GPU (GB).
    pub gpu_mem_gb: f64,
    /// Price (US dollars per hour).
    pub usd_per_hour: f64,
}

/// How many of `offer` one `resource` instance equals: GPUs needed over GPUs offered when both have
/// GPUs (4x A100 on an 8-GPU machine is 0.5), otherwise one.
pub fn default_fraction(resource: &Resource, offer: &Offer) -> f64 {
    if resource.gpu_count > 0 && offer.gpu_count > 0 {
        f64::from(resource.gpu_count) / f64::from(offer.gpu_count)
    } else {
        1.0
    }
}

/// Offers that can stand in for `resource`: storage for storage, hourly offers for the rest.
pub fn fitting_offers<'a>(
    resource: &Resource,
    catalog: &'a Catalog,
    custom_offers: &'a [Offer],
) -> Vec<&'a Offer> {
    let storage = resource.kind == ResourceKind::Storage;
    catalog
        .offers
        .iter()
        .chain(custom_offers.iter())
        .filter(|o| storage == (o.unit == PriceUnit::GbMonth))
        .collect()
}

/// The offer for what the user entered, under `id`; every custom offer is built here, so a shared
/// link rebuilds exactly the same one.
pub fn custom_offer(id: String, custom: &CustomOffer) -> Offer {
    Offer {
        id,
        provider: CUSTOM_PROVIDER.to_string(),
        sku: trim_name(custom.name.trim()),
        vcpu: custom.vcpu,
        ram_gb: custom.ram_gb,
        gpu_model: trim_name(custom.gpu_model.trim()),
        gpu_count: custom.gpu_count,
        gpu_mem_gb: custom.gpu_mem_gb,
        unit: PriceUnit::Hour,
        usd: custom.usd_per_hour,
        spot_usd: None,
        spot_note: None,
        region: String::new(),
        as_of: "entered by you".to_string(),
        source: "your own figure".to_string(),
        note: None,
        snapshot_prices: Vec::new(),
    }
}

fn new_use(resource: &str) -> ResourceUse {
    ResourceUse {
        resource: resource.to_string(),
        count: 1.0,
        hours: 2.0,
        floating_ips: 1.0,
    }
}

fn trim_name(name: &str) -> String {
    name.chars().take(limits::NAME_CHARS).collect()
}

fn get_option(
    scenario: &mut Scenario,
    lab: usize,
    option: usize,
) -> Result<&mut LabOption, String> {
    scenario
        .course
        .labs
        .get_mut(lab)
        .and_then(|l| l.options.get_mut(option))
        .ok_or_else(|| "that lab option no longer exists".to_string())
}

fn get_lab(scenario: &mut Scenario, lab: usize) -> Result<&mut Lab, String> {
    scenario
        .course
        .labs
        .get_mut(lab)
        .ok_or_else(|| "that lab no longer exists".to_string())
}

/// Applies `change` to a copy of `scenario`; returns it if it stays valid, else why not.
pub fn apply_change(
    scenario: &Scenario,
    catalog: &Catalog,
    change: Change,
) -> Result<Scenario, String> {
    let mut s = scenario.clone();
    match change {
        Change::AddLab => {
            if s.course.labs.len() >= limits::LABS {
                return Err(format!("at most {} labs", limits::LABS));
            }
            let number = s.course.labs.len() + 1;
            // Scheduled for the week after the last lab is due, within the term.
            let week = s
                .course
                .labs
                .iter()
                .map(|l| l.due_week + 1.0)
                .fold(1.0, f64::max)
                .min(s.course.term_weeks.max(1.0));
            s.course.labs.push(Lab {
                name: format!("Lab {number}: New lab"),
                note: String::new(),
                options: vec![LabOption {
                    name: "Default".to_string(),
                    share_pct: 100.0,
                    uses: vec![new_use("m1.medium")],
                }],
                start_week: week,
                due_week: week,
            });
        }
        Change::RemoveLab(lab) => {
            if lab >= s.course.labs.len() {
                return Err("that lab no longer exists".to_string());
            }
            s.course.labs.remove(lab);
        }
        Change::MoveLab { from, to } => {
            let len = s.course.labs.len();
            if from >= len || to >= len {
                return Err("cannot move a lab past the ends of the list".to_string());
            }
            let lab = s.course.labs.remove(from);
            s.course.labs.insert(to, lab);
        }
        Change::RenameLab { lab, name } => get_lab(&mut s, lab)?.name = trim_name(&name),
        Change::AddOption { lab } => {
            let lab = get_lab(&mut s, lab)?;
            if lab.options.len() >= limits::OPTIONS {
                return Err(format!("at most {} options", limits::OPTIONS));
            }
            let resource = lab
                .options
                .last()
                .and_then(|o| o.uses.first())
                .map_or("m1.medium", |u| u.resource.as_str())
                .to_string();
            let number = lab.options.len() + 1;
            lab.options.push(LabOption {
                name: format!("Option {number}"),
                share_pct: 0.0,
                uses: vec![new_use(&resource)],
            });
        }
        Change::RemoveOption { lab, option } => {
            let lab = get_lab(&mut s, lab)?;
            if lab.options.len() <= 1 {
                return Err("a lab needs at least one option".to_string());
            }
            if option >= lab.options.len() {
                return Err("that lab option no longer exists".to_string());
            }
            let removed = lab.options.remove(option);
            let rest: f64 = lab.options.iter().map(|o| o.share_pct).sum();
            let count = lab.options.len() as f64;
            for o in &mut lab.options {
                o.share_pct = if rest > 0.0 {
                    o.share_pct + removed.share_pct * o.share_pct / rest
                } else {
                    (rest + removed.share_pct) / count
                };
            }
        }
        Change::RenameOption { lab, option, name } => {
            get_option(&mut s, lab, option)?.name = trim_name(&name);
        }
        Change::AddUse { lab, option } => {
            let option = get_option(&mut s, lab, option)?;
            if option.uses.len() >= limits::USES {
                return Err(format!("at most {} resources per option", limits::USES));
            }
            option.uses.push(new_use("m1.medium"));
        }
        Change::RemoveUse { lab, option, item } => {
            let option = get_option(&mut s, lab, option)?;
            if item >= option.uses.len() {
                return Err("that resource no longer exists".to_string());
            }
            option.uses.remove(item);
        }
        Change::SetUseResource {
            lab,
            option,
            item,
            resource,
        } => {
            let kind = catalog.resource(&resource).map(|r| r.kind);
            let slot = get_option(&mut s, lab, option)?
                .uses
                .get_mut(item)
                .ok_or_else(|| "that resource no longer exists".to_string())?;
            slot.resource = resource;
            // Storage and addresses carry no addresses of their own.
            if matches!(kind, Some(ResourceKind::Storage | ResourceKind::Network)) {
                slot.floating_ips = 0.0;
            }
        }
        Change::AddProjectUse => {
            if s.course.project.uses.len() >= limits::USES {
                return Err(format!("at most {} project resources", limits::USES));
            }
            s.course.project.uses.push(ProjectUse {
                resource: "m1.medium".to_string(),
                count: 1.0,
                hours_per_week: 10.0,
                floating_ips: 1.0,
                note: String::new(),
            });
        }
        Change::RemoveProjectUse(item) => {
            if item >= s.course.project.uses.len() {
                return Err("that project resource no longer exists".to_string());
            }
            s.course.project.uses.remove(item);
        }
        Change::SetProjectUseResource { item, resource } => {
            let kind = catalog.resource(&resource).map(|r| r.kind);
            let slot = s
                .course
                .project
                .uses
                .get_mut(item)
                .ok_or_else(|| "that project resource no longer exists".to_string())?;
            slot.resource = resource;
            slot.note.clear();
            if matches!(kind, Some(ResourceKind::Storage | ResourceKind::Network)) {
                slot.floating_ips = 0.0;
            }
        }
        Change::SetProvider(id) => s.pricing.provider = id,
        Change::SetSnapshot(id) => s.pricing.snapshot = id,
        Change::SetPriceModel(model) => s.pricing.model = model,
        Change::SetCurrency(code) => {
            s.pricing.currency = code.trim().to_ascii_uppercase();
            if s.pricing.currency == "USD" {
                s.pricing.usd_to_currency = 1.0;
            }
        }
        Change::ChooseOffer {
            provider,
            resource,
            offer,
        } => {
            let resource_data = catalog
                .resource(&resource)
                .ok_or_else(|| format!("unknown resource {resource}"))?;
            let offer_data = catalog
                .offer(&offer)
                .or_else(|| s.custom_offers.iter().find(|o| o.id == offer))
                .ok_or_else(|| format!("unknown offer {offer}"))?;
            let fraction = default_fraction(resource_data, offer_data);
            s.gpu_choices
                .retain(|c| !(c.provider == provider && c.resource == resource));
            let is_default = catalog
                .mapping(&provider, &resource)
                .is_some_and(|m| m.offer == offer && m.fraction == fraction);
            if !is_default {
                s.gpu_choices.push(OfferChoice {
                    provider,
                    resource,
                    offer,
                    fraction,
                });
            }
        }
        Change::SetChoiceFraction {
            provider,
            resource,
            fraction,
        } => {
            let existing = s
                .gpu_choices
                .iter_mut()
                .find(|c| c.provider == provider && c.resource == resource);
            match existing {
                Some(choice) => choice.fraction = fraction,
                None => {
                    let mapping = catalog
                        .mapping(&provider, &resource)
                        .ok_or_else(|| format!("no stand-in for {resource} on {provider}"))?;
                    s.gpu_choices.push(OfferChoice {
                        provider,
                        resource,
                        offer: mapping.offer.clone(),
                        fraction,
                    });
                }
            }
        }
        Change::ResetChoice { provider, resource } => s
            .gpu_choices
            .retain(|c| !(c.provider == provider && c.resource == resource)),
        Change::AddCustomOffer(custom) => {
            if s.custom_offers.len() >= limits::CHOICES {
                return Err(format!("at most {} custom offers", limits::CHOICES));
            }
            let name = custom.name.trim();
            if name.is_empty() {
                return Err("give the offer a name".to_string());
            }
            let number = s
                .custom_offers
                .iter()
                .filter_map(|o| o.id.strip_prefix("custom/")?.parse::<u32>().ok())
                .max()
                .unwrap_or(0)
                + 1;
            s.custom_offers
                .push(custom_offer(format!("{CUSTOM_PROVIDER}/{number}"), &custom));
        }
        Change::RemoveCustomOffer(id) => {
            s.custom_offers.retain(|o| o.id != id);
            s.gpu_choices.retain(|c| c.offer != id);
        }
        Change::ResetRealism(realism) => s.realism = realism,
    }
    let errors = validate(&s, catalog);
    if errors.is_empty() {
        Ok(s)
    } else {
        Err(errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; "))
    }
}
