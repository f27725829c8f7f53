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

/// One end of a stand-in row: an offer, how many of it one instance takes, and what one
/// instance-hour of it costs as the scenario pays (US dollars).
#[derive(Clone, Copy)]
struct End<'a> {
    offer: &'a Offer,
    fraction: f64,
    usd_per_hour: f64,
}

impl End<'_> {
    /// "2 x g4dn.xlarge at $1.05/h", "1/8 of p4d.24xlarge at $4.10/h", "a whole p4d.24xlarge at
    /// $32.77/h".
    fn words(&self, whole: bool) -> String {
        let rate = format::rate(self.usd_per_hour);
        let sku = &self.offer.sku;
        if whole {
            format!("a whole {sku} at {rate}")
        } else if (self.fraction - 1.0).abs() < 1e-9 {
            format!("{sku} at {rate}")
        } else {
            format!("{} x {sku} at {rate}", format::exact(self.fraction))
        }
    }
}

/// One row per instance resource of `base` whose stand-in choice moves the net cost (others as
/// they are); `typical_total_usd` is `base`'s.
pub fn stand_in_rows(
    base: &Scenario,
    catalog: &Catalog,
    typical_total_usd: f64,
) -> Result<Vec<TornadoRow>, Vec<FieldError>> {
    let pricing = &base.pricing;
    let scope = PickerScope {
        provider: &pricing.provider,
        snapshot: &pricing.snapshot,
        model: pricing.model,
        all: false,
    };
    let mut rows = Vec::new();
    for (resource, offer, fraction) in stand_ins(base, catalog) {
        let paid = |o: &Offer| paid_unit_price(&resource, o, scope.snapshot, scope.model);
        let now = End {
            offer: &offer,
            fraction,
            usd_per_hour: paid(&offer) * fraction,
        };
        let candidates = picker_offers(&resource, catalog, &base.custom_offers, scope);
        let fitting = candidates
            .into_iter()
            .filter(|o| fits_for_row(&resource, o))
            .map(|o| {
                let fraction = default_fraction(&resource, o);
                End {
                    offer: o,
                    fraction,
                    usd_per_hour: paid(o) * fraction,
                }
            });
        let (mut low, mut high) = (now, now);
        for end in fitting {
            if end.usd_per_hour < low.usd_per_hour {
                low = end;
            }
            if end.usd_per_hour > high.usd_per_hour {
                high = end;
            }
        }
        // A fraction of an instance is an assumption: renting the whole one is the other end.
        let whole = (fraction < 1.0).then(|| End {
            offer: &offer,
            fraction: 1.0,
            usd_per_hour: paid(&offer),
        });
        let high_is_whole = whole.is_some_and(|w| w.usd_per_hour > high.usd_per_hour);
        if let Some(whole) = whole.filter(|_| high_is_whole) {
            high = whole;
        }
        let total_with = |end: &End<'_>| {
            let mut s = base.clone();
            choose(&mut s, resource.id, end.offer.id.to_string(), end.fraction);
            net(&s, catalog)
        };
        let (low_total_usd, high_total_usd) = (total_with(&low)?, total_with(&high)?);
        if (high_total_usd - low_total_usd).abs() < LEAST_SWING_USD {
            continue;
        }
        rows.push(TornadoRow {
            name: format!("Which offer stands in for the {}", resource.label),
            unit: PRICE_UNIT,
            provenance: STAND_IN_ORIGIN,
            low_value: low.usd_per_hour,
            typical_value: now.usd_per_hour,
            high_value: high.usd_per_hour,
            low_total_usd,
            typical_total_usd,
            high_total_usd,
            detail: format!(
                "Low end: {}; now: {}; high end: {}.",
                low.words(false),
                now.words(false),
                high.words(high_is_whole)
            ),
        });
    }
    Ok(rows)
}
