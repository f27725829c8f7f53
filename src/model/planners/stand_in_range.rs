//! The tornado's stand-in rows. Which commercial offer prices each testbed resource is the
//! calculator's own assumption (the paper's mapping is not public), and where a mapping prices a
//! fraction of an instance (an eighth of an 8-GPU machine for a one-GPU node) the provider rents
//! only the whole one. So each instance resource the course uses gets a row when the choice moves
//! the total: from the cheapest offer that fits it to the priciest, or to the whole instance of
//! its stand-in where a fraction is priced, whichever is dearer.

use crate::model::catalog::offer::{Offer, PriceUnit};
use crate::model::catalog::resource::{Resource, ResourceKind};
use crate::model::catalog::stand_in::{
    default_fraction, paid_unit_price, picker_offers, PickerScope,
};
use crate::model::catalog::Catalog;
use crate::model::engine::levers::choose;
use crate::model::engine::stand_in::stand_ins_used as stand_ins;
use crate::model::format;
use crate::model::planners::uncertain::{net, RangeOrigin, TornadoRow};
use crate::model::scenario::validate::FieldError;
use crate::model::scenario::Scenario;

/// Where a stand-in row's range comes from.
pub const STAND_IN_ORIGIN: RangeOrigin = RangeOrigin::Assumed(
    "which commercial offer stands in for a testbed resource is the calculator's own mapping \
     (the paper's is not public): the range runs from the cheapest offer of the provider that \
     fits the resource (at least its GPU memory, or its vCPUs and memory, and at most twice) to \
     the priciest, or to the whole instance where the mapping prices a fraction of one \
     (providers rent whole instances only)",
);

/// Unit of a stand-in row's values.
const PRICE_UNIT: &str = "US dollars per hour of one instance";

/// A swing below this moves nothing worth a row (US dollars).
const LEAST_SWING_USD: f64 = 0.005;

/// Whether `offer` can stand in for `resource` in a row's range: the same class of machine, with
/// at least what the resource has and at most twice it. For a GPU node, an offer with GPUs of at
/// least its memory per GPU and at most twice that (how many of them is the fraction's job); for a
/// VM, an offer without GPUs with at least its vCPUs and memory and at most twice either. Edge
/// devices have no commercial twin (any small VM stands in), so they get no row.
pub fn fits_for_row(resource: &Resource, offer: &Offer) -> bool {
    let (want, have) = (&resource.specs, &offer.specs);
    let within = |least: f64, value: f64| least > 0.0 && (least..=2.0 * least).contains(&value);
    if offer.unit != PriceUnit::Hour {
        return false;
    }
    if want.gpu_count > 0 {
        have.gpu_count > 0 && within(want.gpu_mem_gb, have.gpu_mem_gb)
    } else {
        resource.kind == ResourceKind::Vm
            && have.gpu_count == 0
            && within(f64::from(want.vcpu), f64::from(have.vcpu))
            && within(want.ram_gb, have.ram_gb)
    }
}

/// One end of a stand-in row: an offer (its id and sku), how many of it one instance takes,
/// and what one instance-hour of it costs as the scenario pays (US dollars).
#[derive(Clone)]
struct End {
    id: String,
    sku: String,
    fraction: f64,
    usd_per_hour: f64,
}

impl End {
    fn of(offer: &Offer, fraction: f64, usd_per_hour: f64) -> End {
        End {
            id: offer.id.to_string(),
            sku: offer.sku.to_string(),
            fraction,
            usd_per_hour,
        }
    }

    /// "2 x g4dn.xlarge at $1.05/h", "1/8 of p4d.24xlarge at $4.10/h", "a whole p4d.24xlarge at
    /// $32.77/h".
    fn words(&self, whole: bool) -> String {
        let rate = format::rate(self.usd_per_hour);
        let sku = &self.sku;
        if whole {
            format!("a whole {sku} at {rate}")
        } else if (self.fraction - 1.0).abs() < 1e-9 {
            format!("{sku} at {rate}")
        } else {
            format!("{} x {sku} at {rate}", format::exact(self.fraction))
        }
    }
}

/// The ends of one resource's stand-in choice: the offer now, the cheapest and the priciest
/// offer that fit at their fractions, and the whole instance of the offer now where a fraction
/// of it is priced (providers rent whole instances only).
struct Ends {
    resource: Resource,
    now: End,
    low: End,
    high: End,
    whole: Option<End>,
}

/// The ends of the stand-in choice of every instance resource `base` uses.
fn all_ends(base: &Scenario, catalog: &Catalog, scope: PickerScope<'_>) -> Vec<Ends> {
    let mut all = Vec::new();
    for (resource, offer, fraction) in stand_ins(base, catalog) {
        let paid = |o: &Offer| paid_unit_price(&resource, o, scope.snapshot, scope.model);
        let now = End::of(&offer, fraction, paid(&offer) * fraction);
        let (mut low, mut high) = (now.clone(), now.clone());
        for o in picker_offers(&resource, catalog, &base.custom_offers, scope) {
            if !fits_for_row(&resource, o) {
                continue;
            }
            let fraction = default_fraction(&resource, o);
            let end = End::of(o, fraction, paid(o) * fraction);
            if end.usd_per_hour < low.usd_per_hour {
                low = end.clone();
            }
            if end.usd_per_hour > high.usd_per_hour {
                high = end;
            }
        }
        // A fraction of an instance is an assumption: renting the whole one is shown apart.
        let whole = (fraction < 1.0)
            .then(|| End::of(&offer, 1.0, paid(&offer)))
            .filter(|w| w.usd_per_hour > high.usd_per_hour);
        all.push(Ends {
            resource,
            now,
            low,
            high,
            whole,
        });
    }
    all
}

/// `base` with every stand-in at `pick`'s end.
fn with_each(base: &Scenario, ends: &[Ends], pick: impl Fn(&Ends) -> &End) -> Scenario {
    let mut s = base.clone();
    for e in ends {
        let end = pick(e);
        choose(&mut s, e.resource.id, end.id.clone(), end.fraction);
    }
    s
}

/// The scope of `base`'s stand-in lists: its provider, prices and price model.
fn scope_of(base: &Scenario) -> PickerScope<'_> {
    let pricing = &base.pricing;
    PickerScope {
        provider: &pricing.provider,
        snapshot: &pricing.snapshot,
        model: pricing.model,
        all: false,
    }
}

/// The net cost with every instance resource's stand-in at the cheapest offer that fits, and
/// with each at the priciest (US dollars): the span the choice of stand-ins gives, every
/// choice moved at once. Whole instances rented for a fraction of one are not in it.
pub fn stand_in_span(base: &Scenario, catalog: &Catalog) -> Result<(f64, f64), Vec<FieldError>> {
    let ends = all_ends(base, catalog, scope_of(base));
    let low = net(&with_each(base, &ends, |e| &e.low), catalog)?;
    let high = net(&with_each(base, &ends, |e| &e.high), catalog)?;
    Ok((low.min(high), low.max(high)))
}

/// One row per instance resource of `base` whose stand-in choice moves the net cost (others as
/// they are); `typical_total_usd` is `base`'s. The drawn range runs from the cheapest offer that
/// fits to the priciest; where the mapping prices a fraction of an instance and the whole one
/// costs more, the whole instance is the row's `whole_instance_total_usd`, shown apart ("if
/// only whole instances can be rented") rather than setting the chart's scale.
pub fn stand_in_rows(
    base: &Scenario,
    catalog: &Catalog,
    typical_total_usd: f64,
) -> Result<Vec<TornadoRow>, Vec<FieldError>> {
    let mut rows = Vec::new();
    for ends in all_ends(base, catalog, scope_of(base)) {
        let total_with = |end: &End| {
            let mut s = base.clone();
            choose(&mut s, ends.resource.id, end.id.clone(), end.fraction);
            net(&s, catalog)
        };
        let (low_total_usd, high_total_usd) = (total_with(&ends.low)?, total_with(&ends.high)?);
        let whole_total = match &ends.whole {
            Some(whole) => Some(total_with(whole)?),
            None => None,
        };
        let moves = (high_total_usd - low_total_usd).abs() >= LEAST_SWING_USD;
        if !moves && whole_total.is_none() {
            continue;
        }
        let mut detail = format!(
            "Low end: {}; now: {}; high end: {}.",
            ends.low.words(false),
            ends.now.words(false),
            ends.high.words(false)
        );
        if let Some(whole) = &ends.whole {
            detail.push_str(&format!(
                " If only whole instances can be rented: {}.",
                whole.words(true)
            ));
        }
        rows.push(TornadoRow {
            name: format!("Which offer stands in for the {}", ends.resource.label),
            unit: PRICE_UNIT.into(),
            provenance: STAND_IN_ORIGIN,
            low_value: ends.low.usd_per_hour,
            typical_value: ends.now.usd_per_hour,
            high_value: ends.high.usd_per_hour,
            low_total_usd,
            typical_total_usd,
            high_total_usd,
            whole_instance_total_usd: whole_total,
            detail,
        });
    }
    Ok(rows)
}
