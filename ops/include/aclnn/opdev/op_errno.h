// Status codes returned by every aclnn function (aclnnStatus). The numbers are CANN's; the digit
// groups say who is at fault: 16xxxx the caller's arguments, 36xxxx the runtime underneath,
// 56xxxx the library itself. Call aclGetRecentErrMsg() for the reason of the latest failure.
#ifndef ACLEMU_ACLNN_OPDEV_OP_ERRNO_H
#define ACLEMU_ACLNN_OPDEV_OP_ERRNO_H

#define ACLNN_SUCCESS 0

// The caller's arguments.
#define ACLNN_ERR_PARAM_NULLPTR 161001  // a required pointer argument is null
#define ACLNN_ERR_PARAM_INVALID 161002  // dtype, shape, format, value or size not accepted

// A runtime call made by the operator failed.
#define ACLNN_ERR_RUNTIME_ERROR 361001

// Internal errors.
#define ACLNN_ERR_INNER                             561000
#define ACLNN_ERR_INNER_INFERSHAPE_ERROR            561001
#define ACLNN_ERR_INNER_TILING_ERROR                561002
#define ACLNN_ERR_INNER_FIND_KERNEL_ERROR           561003
#define ACLNN_ERR_INNER_CREATE_EXECUTOR             561101
#define ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR          561102
#define ACLNN_ERR_INNER_NULLPTR                     561103
#define ACLNN_ERR_INNER_WRONG_ATTR_INFO_SIZE        561104
#define ACLNN_ERR_INNER_KEY_CONFLICT                561105
#define ACLNN_ERR_INNER_KEY_CONFILICT               561105  // CANN's older, misspelt name
#define ACLNN_ERR_INNER_INVALID_IMPL_MODE           561106
#define ACLNN_ERR_INNER_OPP_PATH_NOT_FOUND          561107
#define ACLNN_ERR_INNER_LOAD_JSON_FAILED            561108
#define ACLNN_ERR_INNER_JSON_VALUE_NOT_FOUND        561109
#define ACLNN_ERR_INNER_JSON_FORMAT_INVALID         561110
#define ACLNN_ERR_INNER_JSON_DTYPE_INVALID          561111
#define ACLNN_ERR_INNER_OPP_KERNEL_PKG_NOT_FOUND    561112
#define ACLNN_ERR_INNER_OP_FILE_INVALID             561113
#define ACLNN_ERR_INNER_ATTR_NUM_OUT_OF_BOUND       561114
#define ACLNN_ERR_INNER_ATTR_LEN_NOT_ENOUGH         561115
#define ACLNN_ERR_INNER_INPUT_NUM_IN_JSON_TOO_LARGE 561116
#define ACLNN_ERR_INNER_INPUT_JSON_IS_NULL          561117
#define ACLNN_ERR_INNER_STATIC_WORKSPACE_INVALID    561118
#define ACLNN_ERR_INNER_STATIC_BLOCK_DIM_INVALID    561119

#endif  // ACLEMU_ACLNN_OPDEV_OP_ERRNO_H
