//! Edits that are not a single number: adding, removing, renaming and reordering labs, options
//! and resource uses; choosing provider, snapshot, price model and stand-in offers.
//!
//! A change only says how to alter a scenario; [`crate::model::edit::commit`] applies it to a
//! copy and keeps it only if the scenario stays valid.

use crate::model::catalog::currency::ExchangeRates;
use crate::model::catalog::offer::PriceModel;
use crate::model::catalog::resource::{ResourceKind, NEW_USE_RESOURCE};
use crate::model::catalog::stand_in::{clip_chars, clip_name, CustomOffer};
use crate::model::catalog::Catalog;
use crate::model::edit::pool_change::{share_out, PoolChange};
use crate::model::edit::validated::commit_with;
use crate::model::edit::{next_number, room_for};
use crate::model::engine::calibrate::{calibrated_realism, MeasuredHours};
use crate::model::scenario::course::{Course, Lab, LabOption, ProjectUse, ResourceUse};
use crate::model::scenario::field::{FieldPath, LabField, OptionField, UseSite};
use crate::model::scenario::levers::Levers;
use crate::model::scenario::limits;
use crate::model::scenario::pricing::BASE_CURRENCY;
use crate::model::scenario::realism::Realism;
use crate::model::scenario::Scenario;

/// A structural or choice edit.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Name the scenario.
    SetTitle(String),
    /// Write notes on the scenario.
    SetNotes(String),
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
    /// Add a resource use at a site (a lab option or the project).
    AddUse(UseSite),
    /// Remove use `item` at a site.
    RemoveUse {
        /// Lab option or project.
        site: UseSite,
        /// Use index.
        item: usize,
    },
    /// Change which resource use `item` at a site reserves.
    SetUseResource {
        /// Lab option or project.
        site: UseSite,
        /// Use index.
        item: usize,
        /// Resource id.
        resource: String,
    },
    /// Price on another provider.
    SetProvider(String),
    /// Price with another snapshot.
    SetSnapshot(String),
    /// Price in another region of the provider (a region id).
    SetRegion(String),
    /// On demand or spot.
    SetPriceModel(PriceModel),
    /// Show results in another currency (code), at the reference rate of the scenario's price
    /// snapshot; refused for a currency the rate table lacks.
    SetCurrency(String),
    /// Show results in a currency at a rate the user gives (units per US dollar).
    SetCurrencyWithRate {
        /// Currency code.
        code: String,
        /// Units of the currency per US dollar.
        rate: f64,
    },
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
    ResetRealism(Realism),
    /// Apply these savings levers (all of them: a lever off here is removed); refused, like any
    /// edit, when validation finds a setting out of its bound (named by its field path).
    SetLevers(Levers),
    /// A change to a project pool or a capacity.
    Pool(PoolChange),
    /// Set the overrun factors that reproduce these measured hours (derived with
    /// [`calibrated_realism`] from the scenario with its levers off); refused, with why, when
    /// the model cannot reproduce them.
    Calibrate(MeasuredHours),
}

/// Applies `change` to a copy of `scenario`; returns it if it stays valid, else why not.
pub fn apply_change(
    scenario: &Scenario,
    catalog: &Catalog,
    change: Change,
) -> Result<Scenario, String> {
    commit_with(scenario, catalog, |scenario| {
        change.apply(scenario, catalog)
    })
    .map(|valid| valid.into_scenario())
    .map_err(|rejection| rejection.to_string())
}

impl Change {
    /// What the change does, in words for an Undo button.
    pub fn label(&self) -> &'static str {
        match self {
            Change::SetTitle(_) => "rename the scenario",
            Change::SetNotes(_) => "edit the notes",
            Change::AddLab => "add a lab",
            Change::RemoveLab(_) => "remove a lab",
            Change::MoveLab { .. } => "move a lab",
            Change::RenameLab { .. } | Change::RenameOption { .. } => "rename",
            Change::AddOption { .. } => "add an option",
            Change::RemoveOption { .. } => "remove an option",
            Change::AddUse(_) => "add a resource",
            Change::RemoveUse { .. } => "remove a resource",
            Change::SetUseResource { .. } => "change a resource",
            Change::SetProvider(_) => "change the provider",
            Change::SetSnapshot(_) => "change the prices' date",
            Change::SetRegion(_) => "change the region",
            Change::SetPriceModel(_) => "change the price model",
            Change::SetCurrency(_) | Change::SetCurrencyWithRate { .. } => "change the currency",
            Change::ResetRealism(_) => "reset the overrun factors",
            Change::SetLevers(_) => "change the savings levers",
            Change::Pool(change) => change.label(),
            Change::Calibrate(_) => "calibrate from measured hours",
            _ => "change a stand-in",
        }
    }

    /// The text field this change types into, if it is typing (its keystrokes make one step).
    pub fn typing(&self) -> Option<FieldPath> {
        match self {
            Change::SetTitle(_) => Some(FieldPath::Title),
            Change::SetNotes(_) => Some(FieldPath::Notes),
            Change::RenameLab { lab, .. } => Some(FieldPath::Lab {
                lab: *lab,
                field: LabField::Name,
            }),
            Change::RenameOption { lab, option, .. } => Some(FieldPath::LabOption {
                lab: *lab,
                option: *option,
                field: OptionField::Name,
            }),
            _ => None,
        }
    }

    /// Applies the change to `scenario` in place; an error when it cannot apply (validation of
    /// the result is the commit path's job).
    pub fn apply(self, scenario: &mut Scenario, catalog: &Catalog) -> Result<(), String> {
        let course = &mut scenario.course;
        match self {
            Change::SetTitle(title) => scenario.title = clip_name(&title),
            Change::SetNotes(notes) => {
                scenario.notes = clip_chars(&notes, limits::NOTES_CHARS);
            }
            Change::AddLab => add_lab(course)?,
            Change::RemoveLab(lab) => {
                lab_mut(course, lab)?;
                course.labs.remove(lab);
            }
            Change::MoveLab { from, to } => {
                let len = course.labs.len();
                if from >= len || to >= len {
                    return Err("cannot move a lab past the ends of the list".to_string());
                }
                let lab = course.labs.remove(from);
                course.labs.insert(to, lab);
            }
            Change::RenameLab { lab, name } => lab_mut(course, lab)?.name = clip_name(&name),
            Change::AddOption { lab } => add_option(lab_mut(course, lab)?)?,
            Change::RemoveOption { lab, option } => remove_option(lab_mut(course, lab)?, option)?,
            Change::RenameOption { lab, option, name } => {
                option_mut(course, lab, option)?.name = clip_name(&name);
            }
            Change::AddUse(site) => add_use(course, site)?,
            Change::RemoveUse { site, item } => remove_use(course, site, item)?,
            Change::SetUseResource {
                site,
                item,
                resource,
            } => {
                let kind = catalog.resource(&resource).map(|r| r.kind);
                let planned = site
                    .use_mut(course, item)
                    .ok_or_else(|| "that resource no longer exists".to_string())?;
                *planned.resource_mut() = resource;
                planned.forget_note();
                // Storage and addresses carry no addresses of their own.
                if matches!(kind, Some(ResourceKind::Storage | ResourceKind::Network)) {
                    *planned.floating_ips_mut() = 0.0;
                }
            }
            other => other.apply_pricing(scenario, catalog)?,
        }
        Ok(())
    }

    /// The changes to how the course is bought.
    fn apply_pricing(self, scenario: &mut Scenario, catalog: &Catalog) -> Result<(), String> {
        let pricing = &mut scenario.pricing;
        match self {
            Change::SetProvider(id) => pricing.move_to(id, catalog),
            Change::SetRegion(id) => pricing.set_region(&id, catalog),
            Change::SetSnapshot(id) => {
                // A reference rate follows the prices' date; a rate the user typed stays.
                let old = reference_rate(&pricing.currency, &pricing.snapshot);
                if old == Some(pricing.usd_to_currency) {
                    if let Some(rate) = reference_rate(&pricing.currency, &id) {
                        pricing.usd_to_currency = rate;
                    }
                }
                pricing.snapshot = id;
            }
            Change::SetPriceModel(model) => pricing.model = model,
            Change::SetCurrency(code) => {
                let code = code.trim().to_ascii_uppercase();
                let rate = reference_rate(&code, &pricing.snapshot).ok_or_else(|| {
                    format!("There is no reference rate for {code}: enter how many {code} one US dollar buys.")
                })?;
                pricing.currency = code;
                pricing.usd_to_currency = rate;
            }
            Change::SetCurrencyWithRate { code, rate } => {
                pricing.currency = code.trim().to_ascii_uppercase();
                pricing.usd_to_currency = rate;
            }
            Change::ResetRealism(realism) => scenario.realism = realism,
            Change::Pool(change) => change.apply(scenario)?,
            Change::SetLevers(levers) => scenario.levers = levers,
            Change::Calibrate(reported) => {
                let mut off = scenario.clone();
                off.levers = Levers::default();
                scenario.realism =
                    calibrated_realism(&off, catalog, reported).map_err(|e| e.to_string())?;
            }
            other => other.apply_offers(scenario, catalog)?,
        }
        Ok(())
    }

    /// The changes to stand-in offers.
    fn apply_offers(self, scenario: &mut Scenario, catalog: &Catalog) -> Result<(), String> {
        use super::stand_in_change::{add_custom_offer, choose_offer, set_fraction};
        match self {
            Change::ChooseOffer {
                provider,
                resource,
                offer,
            } => choose_offer(scenario, catalog, provider, resource, offer)?,
            Change::SetChoiceFraction {
                provider,
                resource,
                fraction,
            } => set_fraction(scenario, catalog, provider, resource, fraction)?,
            Change::ResetChoice { provider, resource } => scenario
                .stand_in_choices
                .retain(|c| !(c.provider == provider && c.resource == resource)),
            Change::AddCustomOffer(custom) => add_custom_offer(scenario, &custom)?,
            Change::RemoveCustomOffer(id) => {
                scenario.custom_offers.retain(|o| o.id != id);
                scenario.stand_in_choices.retain(|c| c.offer != id);
            }
            _ => {}
        }
        Ok(())
    }
}

/// The reference rate of `code` at `snapshot`'s date (1 for US dollars).
fn reference_rate(code: &str, snapshot: &str) -> Option<f64> {
    if code.eq_ignore_ascii_case(BASE_CURRENCY) {
        return Some(1.0);
    }
    ExchangeRates::builtin()
        .ok()?
        .rate(code, snapshot)
        .map(|quote| quote.per_usd)
}

fn lab_mut(course: &mut Course, lab: usize) -> Result<&mut Lab, String> {
    course
        .labs
        .get_mut(lab)
        .ok_or_else(|| "that lab no longer exists".to_string())
}

fn option_mut(course: &mut Course, lab: usize, option: usize) -> Result<&mut LabOption, String> {
    lab_mut(course, lab)?
        .options
        .get_mut(option)
        .ok_or_else(|| "that lab option no longer exists".to_string())
}

fn add_lab(course: &mut Course) -> Result<(), String> {
    room_for(course.labs.len(), limits::LABS, "labs")?;
    // Numbered after the highest "Lab N" so far, so a course with labs 1, 2, 3, 7 and 8 gets
    // "Lab 9", not a second "Lab 6".
    let number = next_number(
        course.labs.iter().filter_map(|l| lab_number(&l.name)),
        course.labs.len(),
    );
    let (start_week, due_week) = super::schedule::after_the_last(&course.labs, course.term_weeks);
    course.labs.push(Lab {
        name: format!("Lab {number}: New lab"),
        note: String::new(),
        options: vec![LabOption {
            name: "Default".to_string(),
            share_pct: 100.0,
            uses: vec![new_lab_use(NEW_USE_RESOURCE)],
        }],
        start_week,
        due_week,
    });
    Ok(())
}

/// The number in a lab name such as "Lab 7: Evaluation", if it has one.
fn lab_number(name: &str) -> Option<usize> {
    let rest = name.trim().strip_prefix("Lab")?.trim_start();
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    rest.get(..end)?.parse().ok()
}

fn add_option(lab: &mut Lab) -> Result<(), String> {
    room_for(lab.options.len(), limits::OPTIONS, "options")?;
    let resource = lab
        .options
        .last()
        .and_then(|o| o.uses.first())
        .map_or(NEW_USE_RESOURCE, |u| u.resource.as_str())
        .to_string();
    let number = lab.options.len() + 1;
    lab.options.push(LabOption {
        name: format!("Option {number}"),
        share_pct: 0.0,
        uses: vec![new_lab_use(&resource)],
    });
    Ok(())
}

/// Removes an option; its share goes to the others in proportion (evenly if they had none).
fn remove_option(lab: &mut Lab, option: usize) -> Result<(), String> {
    if lab.options.len() <= 1 {
        return Err("a lab needs at least one option".to_string());
    }
    if option >= lab.options.len() {
        return Err("that lab option no longer exists".to_string());
    }
    let removed = lab.options.remove(option);
    share_out(
        removed.share_pct,
        lab.options.iter_mut().map(|o| &mut o.share_pct).collect(),
    );
    Ok(())
}

/// A new lab use: one instance for two hours per student.
fn new_lab_use(resource: &str) -> ResourceUse {
    ResourceUse {
        resource: resource.to_string(),
        count: 1.0,
        hours: 2.0,
        floating_ips: 1.0,
    }
}

fn add_use(course: &mut Course, site: UseSite) -> Result<(), String> {
    let too_many = || format!("at most {} resources per option or project", limits::USES);
    match site {
        UseSite::Lab { lab, option } => {
            let option = option_mut(course, lab, option)?;
            if option.uses.len() >= limits::USES {
                return Err(too_many());
            }
            option.uses.push(new_lab_use(NEW_USE_RESOURCE));
        }
        UseSite::Project => {
            if course.project.uses.len() >= limits::USES {
                return Err(too_many());
            }
            // A new project use: one instance for ten hours a week per group.
            course.project.uses.push(ProjectUse {
                resource: NEW_USE_RESOURCE.to_string(),
                count: 1.0,
                hours_per_week: 10.0,
                floating_ips: 1.0,
                note: String::new(),
                pool: Vec::new(),
            });
        }
    }
    Ok(())
}

fn remove_use(course: &mut Course, site: UseSite, item: usize) -> Result<(), String> {
    let gone = || "that resource no longer exists".to_string();
    match site {
        UseSite::Lab { lab, option } => {
            let uses = &mut option_mut(course, lab, option)?.uses;
            (item < uses.len())
                .then(|| uses.remove(item))
                .ok_or_else(gone)?;
        }
        UseSite::Project => {
            let uses = &mut course.project.uses;
            (item < uses.len())
                .then(|| uses.remove(item))
                .ok_or_else(gone)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::lab_number;

    #[test]
    fn reads_the_number_of_a_lab_name() {
        for (name, number) in [
            ("Lab 7: Evaluation", Some(7)),
            ("  Lab12 tuning", Some(12)),
            ("Lab 3", Some(3)),
            ("Lab: no number", None),
            ("Project 2", None),
        ] {
            assert_eq!(lab_number(name), number, "{name}");
        }
    }
}
