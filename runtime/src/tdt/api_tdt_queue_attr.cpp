// Entry points of acl_tdt_queue.h for the objects that describe queues and routes: queue
// attributes (name, depth), routes, route lists and route queries, each set and read through a
// (type, length, value) parameter as CANN's are.
#include "acl/acl_tdt_queue.h"

#include "aclemu/c_enum.h"
#include "tdt/tdt_checks.h"
#include "tdt/tdt_queue_objects.h"

#include <cstring>

using namespace aclemu::rt;
using namespace aclemu::rt::tdt;

namespace {

// Writes `value` to `param` when `len` holds it, and its size to *paramRetSize.
template <class T>
aclError answer(const T& value, size_t len, size_t* paramRetSize, void* param) {
    ACLEMU_CHECK_NOT_NULL(paramRetSize);
    ACLEMU_CHECK_NOT_NULL(param);
    if (len < sizeof(T)) {
        return reject_arg(ACL_ERROR_INVALID_PARAM,
                          "len",
                          len,
                          "this parameter needs " + std::to_string(sizeof(T)) + " bytes");
    }
    std::memcpy(param, &value, sizeof(T));
    *paramRetSize = sizeof(T);
    return ACL_SUCCESS;
}

aclError bad_type(const char* param, int64_t type, const char* range) {
    return reject_arg(ACL_ERROR_INVALID_PARAM, param, type, range);
}

template <class T>
T read_value(const void* value) {
    T out{};
    std::memcpy(&out, value, sizeof(T));
    return out;
}

}  // namespace

extern "C" {

acltdtQueueAttr* acltdtCreateQueueAttr(void) {
    return create_handle("acltdtCreateQueueAttr", queue_attrs());
}

aclError acltdtDestroyQueueAttr(const acltdtQueueAttr* attr) {
    return api_call("acltdtDestroyQueueAttr", [&] { return destroy(attr, "attr"); });
}

aclError acltdtSetQueueAttr(acltdtQueueAttr* attr,
                            acltdtQueueAttrType type,
                            size_t len,
                            const void* param) {
    const int64_t type_value = aclemu::enum_value(type);
    return api_call("acltdtSetQueueAttr", [&] {
        ACLEMU_CHECK_NOT_NULL(param);
        ACLEMU_FIND(tagMemQueueAttr, settings, live, attr, "attr");
        if (type_value == ACL_TDT_QUEUE_NAME_PTR) {
            ACLEMU_TRY(check_length("len", len, sizeof(const char*)));
            const char* name = read_value<const char*>(param);
            ACLEMU_CHECK_NOT_NULL(name);
            const size_t length = strnlen(name, kMaxQueueNameLength + 1);
            if (length > kMaxQueueNameLength) {
                return reject_arg(ACL_ERROR_INVALID_PARAM,
                                  "param",
                                  std::string("(a name)"),
                                  "at most 127 characters");
            }
            settings->name.assign(name, length);
            return ACL_SUCCESS;
        }
        if (type_value == ACL_TDT_QUEUE_DEPTH_UINT32) {
            ACLEMU_TRY(check_length("len", len, sizeof(uint32_t)));
            const auto depth = read_value<uint32_t>(param);
            ACLEMU_TRY(reject_if(depth < kMinQueueDepth || depth > kMaxQueueDepth,
                                 "param",
                                 depth,
                                 "a depth in [2, 8192]"));
            settings->depth = depth;
            return ACL_SUCCESS;
        }
        return bad_type("type", type_value, "must be ACL_TDT_QUEUE_NAME_PTR or _DEPTH_UINT32");
    });
}

aclError acltdtGetQueueAttr(const acltdtQueueAttr* attr,
                            acltdtQueueAttrType type,
                            size_t len,
                            size_t* paramRetSize,
                            void* param) {
    const int64_t type_value = aclemu::enum_value(type);
    return api_call("acltdtGetQueueAttr", [&] {
        ACLEMU_FIND(tagMemQueueAttr, settings, live, attr, "attr");
        if (type_value == ACL_TDT_QUEUE_NAME_PTR) {
            // The attribute's own copy of the name, valid while the attribute lives.
            return answer(settings->name.c_str(), len, paramRetSize, param);
        }
        if (type_value == ACL_TDT_QUEUE_DEPTH_UINT32) {
            return answer(settings->depth, len, paramRetSize, param);
        }
        return bad_type("type", type_value, "must be ACL_TDT_QUEUE_NAME_PTR or _DEPTH_UINT32");
    });
}

acltdtQueueRoute* acltdtCreateQueueRoute(uint32_t srcId, uint32_t dstId) {
    acltdtQueueRoute* created = create_handle("acltdtCreateQueueRoute", queue_routes());
    if (created != nullptr) {
        created->src = srcId;
        created->dst = dstId;
    }
    return created;
}

aclError acltdtDestroyQueueRoute(const acltdtQueueRoute* route) {
    return api_call("acltdtDestroyQueueRoute", [&] { return destroy(route, "route"); });
}

aclError acltdtGetQueueRouteParam(const acltdtQueueRoute* route,
                                  acltdtQueueRouteParamType type,
                                  size_t len,
                                  size_t* paramRetSize,
                                  void* param) {
    const int64_t type_value = aclemu::enum_value(type);
    return api_call("acltdtGetQueueRouteParam", [&] {
        ACLEMU_FIND(acltdtQueueRoute, found, live, route, "route");
        switch (type_value) {
            case ACL_TDT_QUEUE_ROUTE_SRC_UINT32:
                return answer(found->src, len, paramRetSize, param);
            case ACL_TDT_QUEUE_ROUTE_DST_UINT32:
                return answer(found->dst, len, paramRetSize, param);
            case ACL_TDT_QUEUE_ROUTE_STATUS_INT32:
                return answer(found->status, len, paramRetSize, param);
            default:
                break;
        }
        return bad_type("type", type_value, "must be an acltdtQueueRouteParamType (0..2)");
    });
}

acltdtQueueRouteList* acltdtCreateQueueRouteList(void) {
    return create_handle("acltdtCreateQueueRouteList", route_lists());
}

aclError acltdtDestroyQueueRouteList(const acltdtQueueRouteList* routeList) {
    return api_call("acltdtDestroyQueueRouteList", [&] { return destroy(routeList, "routeList"); });
}

aclError acltdtAddQueueRoute(acltdtQueueRouteList* routeList, const acltdtQueueRoute* route) {
    return api_call("acltdtAddQueueRoute", [&] {
        ACLEMU_FIND(acltdtQueueRouteList, list, live, routeList, "routeList");
        ACLEMU_FIND(acltdtQueueRoute, found, live, route, "route");
        list->routes.push_back(*found);
        return ACL_SUCCESS;
    });
}

aclError acltdtGetQueueRoute(const acltdtQueueRouteList* routeList,
                             size_t index,
                             acltdtQueueRoute* route) {
    return api_call("acltdtGetQueueRoute", [&] {
        ACLEMU_FIND(acltdtQueueRouteList, list, live, routeList, "routeList");
        ACLEMU_FIND(acltdtQueueRoute, target, live, route, "route");
        ACLEMU_TRY(check_index(index, list->routes.size(), "list", "route(s)"));
        *target = list->routes[index];
        return ACL_SUCCESS;
    });
}

size_t acltdtGetQueueRouteNum(const acltdtQueueRouteList* routeList) {
    size_t count = 0;
    api_call("acltdtGetQueueRouteNum", [&] {
        ACLEMU_FIND(acltdtQueueRouteList, list, live, routeList, "routeList");
        count = list->routes.size();
        return ACL_SUCCESS;
    });
    return count;
}

acltdtQueueRouteQueryInfo* acltdtCreateQueueRouteQueryInfo(void) {
    return create_handle("acltdtCreateQueueRouteQueryInfo", route_queries());
}

aclError acltdtDestroyQueueRouteQueryInfo(const acltdtQueueRouteQueryInfo* info) {
    return api_call("acltdtDestroyQueueRouteQueryInfo", [&] { return destroy(info, "info"); });
}

aclError acltdtSetQueueRouteQueryInfo(acltdtQueueRouteQueryInfo* param,
                                      acltdtQueueRouteQueryInfoParamType type,
                                      size_t len,
                                      const void* value) {
    const int64_t type_value = aclemu::enum_value(type);
    return api_call("acltdtSetQueueRouteQueryInfo", [&] {
        ACLEMU_CHECK_NOT_NULL(value);
        ACLEMU_FIND(acltdtQueueRouteQueryInfo, query, live, param, "param");
        switch (type_value) {
            case ACL_TDT_QUEUE_ROUTE_QUERY_MODE_ENUM: {
                ACLEMU_TRY(check_length("len", len, sizeof(acltdtQueueRouteQueryMode)));
                const auto mode = read_value<int32_t>(value);
                if ((mode < ACL_TDT_QUEUE_ROUTE_QUERY_SRC
                     || mode > ACL_TDT_QUEUE_ROUTE_QUERY_SRC_AND_DST)
                    && mode != ACL_TDT_QUEUE_ROUTE_QUERY_ABNORMAL) {
                    return bad_type("value", mode, "an acltdtQueueRouteQueryMode (0, 1, 2, 100)");
                }
                query->mode = mode;
                return ACL_SUCCESS;
            }
            case ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32:
            case ACL_TDT_QUEUE_ROUTE_QUERY_DST_ID_UINT32: {
                ACLEMU_TRY(check_length("len", len, sizeof(uint32_t)));
                const auto id = read_value<uint32_t>(value);
                (type_value == ACL_TDT_QUEUE_ROUTE_QUERY_SRC_ID_UINT32 ? query->src : query->dst) =
                    id;
                return ACL_SUCCESS;
            }
            default:
                break;
        }
        return bad_type("type", type_value, "an acltdtQueueRouteQueryInfoParamType (0..2)");
    });
}

}  // extern "C"
