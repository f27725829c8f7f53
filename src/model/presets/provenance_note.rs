//! Where the number in one field of the page comes from, in words for its marker: scenario fields
//! (with the exchange rate sourced from its dated reference rate until the user types another),
//! stand-in fractions, and the fields of forms whose numbers are only the user's.

use crate::model::catalog::currency::{ExchangeRates, USD};
use crate::model::catalog::resource::Resource;
use crate::model::catalog::stand_in::default_fraction;
use crate::model::engine::stand_in::StandIn;
use crate::model::format;
use crate::model::presets::Preset;
use crate::model::scenario::field::{FieldPath, Setting};
use crate::model::scenario::provenance::{provenance_of, Origin, ProvenanceKind};
use crate::model::scenario::Scenario;

/// What a field's marker says.
#[derive(Clone, Debug, PartialEq)]
pub struct ProvenanceNote {
    /// Sourced, calibrated, assumed or the user's.
    pub kind: ProvenanceKind,
    /// The citation, the formula or the reason, in words for the reader.
    pub text: String,
    /// A link to the public source, where there is one.
    pub url: Option<String>,
}

impl ProvenanceNote {
    /// A number only the user gives: `why` says what it is.
    pub fn user(why: impl Into<String>) -> ProvenanceNote {
        ProvenanceNote {
            kind: ProvenanceKind::User,
            text: why.into(),
            url: None,
        }
    }
}

impl<'a> From<&'a Preset> for Origin<'a> {
    fn from(preset: &'a Preset) -> Origin<'a> {
        Origin {
            scenario: &preset.scenario,
            entries: preset.provenance,
        }
    }
}

/// The words of a scenario field the user changed.
const YOURS: &str =
    "Your own value: it differs from the preset's, or the preset has no such field.";

/// Where the number of `field` in `scenario`, started from `origin`, comes from.
pub fn field_note(field: FieldPath, scenario: &Scenario, origin: &Preset) -> ProvenanceNote {
    // A number a bill set says so while it keeps that value (after Undo, Redo or a reload too:
    // the note is part of the scenario).
    if let Some(text) = bill_note_of(field, scenario) {
        return ProvenanceNote {
            kind: ProvenanceKind::Calibrated,
            text: text.to_string(),
            url: None,
        };
    }
    if field == FieldPath::Setting(Setting::UsdToCurrency) {
        if let Some(note) = reference_rate_note(scenario) {
            return note;
        }
    }
    match provenance_of(field, scenario, origin) {
        (ProvenanceKind::User, _) | (_, None) => ProvenanceNote::user(YOURS),
        (kind, Some(entry)) => ProvenanceNote {
            kind,
            text: entry.text.to_string(),
            url: entry.url.map(str::to_string),
        },
    }
}

/// The words of the scenario's bill note for `field`, while it holds the value the bill set.
pub fn bill_note_of(field: FieldPath, scenario: &Scenario) -> Option<&str> {
    let note = scenario.bill_note.as_ref()?;
    note.text_for(&field.to_string(), field.number(scenario)?)
}

/// The exchange rate's note while it is the built-in reference rate of the scenario's currency
/// at its price snapshot's date: sourced, with the ECB's figures and their date. `None` for any
/// other rate (the user's) and for US dollars, whose rate of 1 is no conversion.
fn reference_rate_note(scenario: &Scenario) -> Option<ProvenanceNote> {
    let pricing = &scenario.pricing;
    if pricing.currency.eq_ignore_ascii_case(USD) {
        return None;
    }
    let rates = ExchangeRates::builtin().ok()?;
    let quote = rates.rate(&pricing.currency, &pricing.snapshot)?;
    if quote.per_usd.to_bits() != pricing.usd_to_currency.to_bits() {
        return None;
    }
    let table = rates.table(&pricing.snapshot)?;
    let per_eur = |code: &str| {
        table
            .rates
            .iter()
            .find(|r| r.currency.eq_ignore_ascii_case(code))
            .map(|r| r.per_eur)
    };
    let code = pricing.currency.to_ascii_uppercase();
    let text = format!(
        "{}, euro foreign exchange reference rates of {}: {} {code} and {} US dollars per euro, so {} {code} per US dollar (a cross rate derived from them, not an ECB figure). Type your own rate to budget with it.",
        rates.source.publisher,
        quote.date,
        per_eur(&code)?,
        per_eur(USD)?,
        quote.per_usd,
    );
    Some(ProvenanceNote {
        kind: ProvenanceKind::Sourced,
        text,
        url: Some(rates.source.url.to_string()),
    })
}

/// Where the fraction of a stand-in row comes from: the calculator's mapping (assumed, with
/// its reason), the rule that sets it when the user picks another offer (assumed), or the user.
pub fn fraction_note(resource: &Resource, stand_in: &StandIn<'_>) -> ProvenanceNote {
    let offer = stand_in.offer;
    let fraction = format::exact(stand_in.fraction);
    if !stand_in.chosen {
        let why = if stand_in.note.is_empty() {
            String::new()
        } else {
            format!(" Why: {}.", stand_in.note)
        };
        // A share of an instance is not sold: say it is the assumption it is.
        let share = if stand_in.fraction < 1.0 {
            " Providers rent only whole instances, so pricing a share of one is an assumption (the whole one's price is beside it)."
        } else {
            ""
        };
        return ProvenanceNote {
            kind: ProvenanceKind::Assumed,
            text: format!(
                "The calculator's own mapping (the paper's is not public): one {} instance is priced as {fraction} of {}.{why}{share}",
                resource.id, offer.sku
            ),
            url: None,
        };
    }
    if stand_in.fraction.to_bits() != default_fraction(resource, offer).to_bits() {
        return ProvenanceNote::user("Your own value: how many of the offer one instance equals.");
    }
    let rule = if resource.specs.gpu_count > 0 && offer.specs.gpu_count > 0 {
        format!(
            "the GPUs one {} instance has over the GPUs of the offer you picked: {} / {} = {fraction}",
            resource.id, resource.specs.gpu_count, offer.specs.gpu_count
        )
    } else {
        "one of the offer you picked per instance".to_string()
    };
    ProvenanceNote {
        kind: ProvenanceKind::Assumed,
        text: format!(
            "Set when an offer is picked, assumed until you type your own: {rule}. The price is taken to scale with the share of the machine."
        ),
        url: None,
    }
}
