//! A scenario's plan walked by hand, without the engine, for the tests that derive expected
//! figures: each use of a lab option or of the project (a pool's members one by one), who uses it,
//! for how long, and the catalog's price of an hour of it. Formula (stated once, used by
//! tests/golden.rs, tests/levers.rs and tests/old_link_prices.rs):
//! cost = users x actual hours x (instances x the stand-in's hour price + floating IPs x the
//! address's hour price), actual hours = planned hours x the phase's overrun factor for the
//! resource's kind x the resource's own factor (1 unless a bill set one).

use course_cost::model::catalog::offer::PriceUnit;
use course_cost::model::catalog::resource::ResourceKind;
use course_cost::model::scenario::realism::OverrunFactors;
use course_cost::model::Scenario;

use super::catalog;

/// The hours in a month, as the catalog turns a GB-month price into an hour price.
pub const HOURS_PER_MONTH: f64 = 730.0;

/// One use of the plan, by hand.
#[derive(Clone, Debug)]
pub struct HandUse {
    /// In a lab (`true`) or in the project.
    pub lab: bool,
    /// The course resource.
    pub resource: String,
    /// Its kind.
    pub kind: ResourceKind,
    /// Who uses it: students taking the option (students x share), or project groups
    /// (students / group size, rounded up).
    pub users: f64,
    /// Instances each user holds at once (GB for storage).
    pub count: f64,
    /// Floating IPs each user holds for those hours.
    pub floating_ips: f64,
    /// Planned hours of one instance (a lab use's hours; a project use's hours a week x weeks x
    /// its pool share).
    pub planned: f64,
    /// Actual / planned hours.
    pub overrun: f64,
    /// A member of a project pool (a lever that changes one use leaves pools alone).
    pub pooled: bool,
}

impl HandUse {
    /// Actual hours of one instance.
    pub fn actual(&self) -> f64 {
        self.planned * self.overrun
    }

    /// What one hour of one user's instances and addresses costs on `provider` in `snapshot`.
    pub fn hour_usd(&self, provider: &str, snapshot: &str) -> f64 {
        self.count * stand_in_rate(provider, &self.resource, snapshot)
            + self.floating_ips * stand_in_rate(provider, "floating_ip", snapshot)
    }
}

/// The overrun of `kind` in `factors`.
fn factor_of(factors: &OverrunFactors, kind: ResourceKind) -> f64 {
    match kind {
        ResourceKind::Vm => factors.vm,
        ResourceKind::BareMetal => factors.bare_metal,
        ResourceKind::Edge => factors.edge,
        ResourceKind::Storage => factors.storage,
        ResourceKind::Network => 1.0,
    }
}

/// Every use of `s`'s plan: the labs' (in course order), then the project's.
pub fn uses(s: &Scenario) -> Vec<HandUse> {
    let kind = |id: &str| catalog().resource(id).expect("a known resource").kind;
    let own = |id: &str| {
        s.resource_factors
            .iter()
            .find(|f| f.resource == id)
            .map_or(1.0, |f| f.factor)
    };
    let mut all = Vec::new();
    for option in s.course.labs.iter().flat_map(|l| &l.options) {
        for u in &option.uses {
            all.push(HandUse {
                lab: true,
                resource: u.resource.clone(),
                kind: kind(&u.resource),
                users: s.course.students * option.share_pct / 100.0,
                count: u.count,
                floating_ips: u.floating_ips,
                planned: u.hours,
                overrun: factor_of(&s.realism.labs, kind(&u.resource)) * own(&u.resource),
                pooled: false,
            });
        }
    }
    let project = &s.course.project;
    for u in &project.uses {
        for (resource, share) in u.members() {
            all.push(HandUse {
                lab: false,
                resource: resource.to_string(),
                kind: kind(resource),
                users: groups(s),
                count: u.count,
                floating_ips: u.floating_ips,
                planned: u.hours_per_week * project.weeks * share,
                overrun: factor_of(&s.realism.project, kind(resource)) * own(resource),
                pooled: !u.pool.is_empty(),
            });
        }
    }
    all
}

/// Project groups: students / group size, rounded up.
pub fn groups(s: &Scenario) -> f64 {
    (s.course.students / s.course.project.group_size).ceil()
}

/// What `s` costs before discount, overhead and credit (labs, project; US dollars), by the
/// module's formula, on its provider and snapshot.
pub fn list_cost(s: &Scenario) -> (f64, f64) {
    let (provider, snapshot) = (&s.pricing.provider, &s.pricing.snapshot);
    let (mut labs, mut project) = (0.0, 0.0);
    for u in uses(s) {
        let cost = u.users * u.actual() * u.hour_usd(provider, snapshot);
        if u.lab {
            labs += cost;
        } else {
            project += cost;
        }
    }
    (labs, project)
}

/// The price of one hour of `resource` on `provider` in `snapshot`, from the catalog: its mapped
/// offer's list price times the fraction the mapping takes (storage per GB-month, over 730 hours
/// a month).
pub fn stand_in_rate(provider: &str, resource: &str, snapshot: &str) -> f64 {
    let mapping = catalog().mapping(provider, resource).expect("mapped");
    offer_rate(mapping.offer, snapshot) * mapping.fraction
}

/// The price of one hour of the catalog's offer `id` in `snapshot` (US dollars).
pub fn offer_rate(id: &str, snapshot: &str) -> f64 {
    let offer = catalog().offer(id).expect("an offer of the catalog");
    let per_hour = match offer.unit {
        PriceUnit::Hour => 1.0,
        PriceUnit::GbMonth => 1.0 / HOURS_PER_MONTH,
    };
    offer.price_in(snapshot).usd * per_hour
}

/// The price of one hour of `resource` on AWS in `snapshot`.
pub fn aws_rate(resource: &str, snapshot: &str) -> f64 {
    stand_in_rate("aws", resource, snapshot)
}

/// The price of one hour of `resource` on AWS in the paper's course's snapshot (Spring 2025).
pub fn aws_paper_rate(resource: &str) -> f64 {
    aws_rate(resource, &super::paper().scenario.pricing.snapshot)
}
